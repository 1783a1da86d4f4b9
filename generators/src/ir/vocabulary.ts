// The keyword vocabulary: one entry per keyword of the schema IR, saying what its value is and which
// values it applies to. The reader (loader/body-schema.ts) reads each keyword by its `value`, the walks
// over subschemas (refs, release comparison, README) follow `value` and `target`, and the check
// table (emit/typescript/keyword-checks.ts) and JSON Schema writer are keyed by the same names, so
// the compiler refuses a keyword that one of them lacks. Adding a keyword is an entry in each.
import type { Keyword, Named, Schema, SchemaNode } from "./schema.ts";

/** How a keyword's value is read and walked. */
export type ValueKind =
  | "ref" // a local JSON pointer, resolved to a definition
  | "types" // a type name or a list of them
  | "json-list" // any JSON values
  | "json" // any JSON value
  | "schema" // one subschema
  | "schemas" // a non-empty list of subschemas
  | "schema-map" // subschemas by property name
  | "pattern-map" // subschemas by pattern
  | "positive" // a number above zero
  | "number" // a finite number
  | "count" // a non-negative integer
  | "pattern" // an ECMAScript pattern
  | "text" // a string
  | "names" // a list of distinct property names
  | "names-map" // lists of property names by property name
  | "boolean";

/** The kind of value a keyword applies to: others pass it untouched. */
export type Applies = "any" | "string" | "number" | "array" | "object";

export interface KeywordEntry {
  readonly value: ValueKind;
  readonly applies: Applies;
  /**
   * For keywords with subschemas: "same" when they check the value itself (allOf, not, if...),
   * "part" when they check a part of it (an item, a field, a key), which is smaller.
   */
  readonly target?: "same" | "part";
}

/** Every keyword, in the order checks run and JSON Schema is written. */
export const vocabulary = {
  $ref: { value: "ref", applies: "any", target: "same" },
  type: { value: "types", applies: "any" },
  enum: { value: "json-list", applies: "any" },
  const: { value: "json", applies: "any" },
  allOf: { value: "schemas", applies: "any", target: "same" },
  anyOf: { value: "schemas", applies: "any", target: "same" },
  oneOf: { value: "schemas", applies: "any", target: "same" },
  not: { value: "schema", applies: "any", target: "same" },
  if: { value: "schema", applies: "any", target: "same" },
  then: { value: "schema", applies: "any", target: "same" },
  else: { value: "schema", applies: "any", target: "same" },
  multipleOf: { value: "positive", applies: "number" },
  minimum: { value: "number", applies: "number" },
  maximum: { value: "number", applies: "number" },
  exclusiveMinimum: { value: "number", applies: "number" },
  exclusiveMaximum: { value: "number", applies: "number" },
  minLength: { value: "count", applies: "string" },
  maxLength: { value: "count", applies: "string" },
  pattern: { value: "pattern", applies: "string" },
  format: { value: "text", applies: "string" },
  prefixItems: { value: "schemas", applies: "array", target: "part" },
  items: { value: "schema", applies: "array", target: "part" },
  contains: { value: "schema", applies: "array", target: "part" },
  minContains: { value: "count", applies: "array" },
  maxContains: { value: "count", applies: "array" },
  minItems: { value: "count", applies: "array" },
  maxItems: { value: "count", applies: "array" },
  uniqueItems: { value: "boolean", applies: "array" },
  properties: { value: "schema-map", applies: "object", target: "part" },
  patternProperties: { value: "pattern-map", applies: "object", target: "part" },
  additionalProperties: { value: "schema", applies: "object", target: "part" },
  propertyNames: { value: "schema", applies: "object", target: "part" },
  required: { value: "names", applies: "object" },
  dependentRequired: { value: "names-map", applies: "object" },
  dependentSchemas: { value: "schema-map", applies: "object", target: "same" },
  minProperties: { value: "count", applies: "object" },
  maxProperties: { value: "count", applies: "object" },
} as const satisfies Record<Keyword, KeywordEntry>;

export const keywords = Object.keys(vocabulary) as Keyword[];

export function isKeyword(key: string): key is Keyword {
  return Object.hasOwn(vocabulary, key);
}

/** A subschema of a node, with its keyword and whether it checks the node's own value. */
export interface Child {
  readonly keyword: Keyword;
  /** The property name or pattern, for keyed keywords. */
  readonly name?: string;
  readonly schema: Schema;
  readonly same: boolean;
}

/** The subschemas of a schema, in vocabulary order ($ref is a name, not a child). */
export function children(schema: Schema): Child[] {
  if (typeof schema === "boolean") return [];
  const out: Child[] = [];
  for (const keyword of keywords) {
    const entry: KeywordEntry = vocabulary[keyword];
    const value = schema[keyword];
    if (value === undefined || entry.target === undefined || keyword === "$ref") continue;
    const same = entry.target === "same";
    if (entry.value === "schema") out.push({ keyword, schema: value as Schema, same });
    else if (entry.value === "schemas")
      for (const s of value as readonly Schema[]) out.push({ keyword, schema: s, same });
    else for (const n of value as readonly Named<Schema>[]) out.push({ keyword, name: n.name, schema: n.value, same });
  }
  return out;
}

/** The node's keywords that apply to values of `applies`, in vocabulary order. */
export function keywordsOf(node: SchemaNode, applies: Applies): Keyword[] {
  return keywords.filter((k) => node[k] !== undefined && vocabulary[k].applies === applies);
}
