// The one TypeScript type writer of the schema IR: a parameter's value (types.ts, code/api.ts) and a
// captured request body (request-body-types.ts) alike. A type is never stricter than the checks: what
// a type cannot say (a bound, a pattern, a condition, prefixItems) widens to what the checks allow, a
// node without `type` is `unknown` unless an enum, const, `$ref` or composition says more, and an
// object keeps an index signature unless `additionalProperties: false`. Spec text reaches the output
// only as string-literal types and property keys, through the escaping path.
import type { JsonValue } from "../../ir/json.ts";
import type { Schema, SchemaNode, TypeName } from "../../ir/schema.ts";
import { propertyKey, stringLiteral } from "../core/escape.ts";
import { chain, flat, parenthesized, prefixed, suffixed, typeLiteral, type Code } from "../core/layout.ts";

/** The type alias each definition a `$ref` names is written under. */
export type AliasOf = (definition: string) => string;

/** The TypeScript type of values `schema` accepts, as code that may break over lines. */
export function schemaType(schema: Schema, aliasOf: AliasOf = noDefinitions): Code {
  if (typeof schema === "boolean") return schema ? "unknown" : "never";
  const parts: Code[] = [];
  if (schema.$ref !== undefined) parts.push(aliasOf(schema.$ref));
  const own = ownType(schema, aliasOf);
  if (own !== undefined) parts.push(own);
  for (const option of schema.allOf ?? []) parts.push(schemaType(option, aliasOf));
  const options = schema.anyOf ?? schema.oneOf;
  if (options !== undefined) parts.push(union(options.map((option) => schemaType(option, aliasOf))));
  if (parts.length === 0) return "unknown";
  return parts.length === 1 ? (parts[0] ?? "unknown") : chain("&", parts.map(operand));
}

function noDefinitions(definition: string): never {
  throw new Error(`toolcat internal error: $ref ${definition} outside a schema document`);
}

/** The node's own values: its enum or const, or else its types; undefined when it names none. */
function ownType(node: SchemaNode, aliasOf: AliasOf): Code | undefined {
  const allowed = node.const !== undefined ? [node.const] : node.enum;
  // Literal types for primitive values; an object or array value is typed by `type` instead.
  // A literal union stays one group even of one member, so it is parenthesized as an array's items.
  if (allowed !== undefined && allowed.every((v) => v === null || typeof v !== "object"))
    return allowed.length === 0 ? "never" : chain("|", allowed.map(literalType));
  if (node.type === undefined) return undefined;
  return union(node.type.map((type) => typeOf(type, node, aliasOf)));
}

function literalType(value: JsonValue): string {
  if (typeof value === "string") return stringLiteral(value);
  // JSON text may hold a number too large for a double (1e400): it parses as Infinity, no literal type.
  return typeof value === "number" && !Number.isFinite(value) ? "number" : String(value);
}

function typeOf(type: TypeName, node: SchemaNode, aliasOf: AliasOf): Code {
  switch (type) {
    case "string":
    case "boolean":
    case "null":
      return type;
    case "integer":
    case "number":
      return "number";
    case "array":
      // prefixItems are checked, not typed: each item is then what any of them may be.
      return node.prefixItems === undefined && node.items !== undefined
        ? prefixed("readonly ", suffixed(itemOperand(schemaType(node.items, aliasOf)), "[]"))
        : "readonly unknown[]";
    case "object":
      return objectType(node, aliasOf);
  }
}

function objectType(node: SchemaNode, aliasOf: AliasOf): Code {
  const required = new Set(node.required ?? []);
  const members: Code[] = [
    ...(node.properties ?? []).map(({ name, value }) =>
      prefixed(`${propertyKey(name)}${required.has(name) ? "" : "?"}: `, schemaType(value, aliasOf)),
    ),
    ...(node.keys ?? []).map((key) => `${propertyKey(key.name)}?: unknown`),
  ];
  const { additionalProperties: others, patternProperties } = node;
  if ((others === false && patternProperties === undefined) || node.maxProperties === 0)
    return members.length === 0 ? "Record<string, never>" : typeLiteral(members);
  // Other keys' values are typed only when nothing else shares the index signature.
  const typed = members.length === 0 && patternProperties === undefined && others !== undefined;
  const index = prefixed("[key: string]: ", typed ? schemaType(others, aliasOf) : "unknown");
  return members.length === 0 && !typed ? "{ [key: string]: unknown }" : typeLiteral([...members, index]);
}

function union(members: readonly Code[]): Code {
  return members.length === 0 ? "never" : members.length === 1 ? (members[0] ?? "never") : chain("|", members);
}

/** An array's item type: a union, an intersection or a readonly array gets parentheses before `[]`. */
function itemOperand(code: Code): Code {
  return flat(code).startsWith("readonly ") ? parenthesized(code) : operand(code);
}

/** A union or intersection inside `[]` or beside another operator gets parentheses. */
function operand(code: Code): Code {
  return typeof code !== "string" && code.open === "" ? parenthesized(code) : code;
}
