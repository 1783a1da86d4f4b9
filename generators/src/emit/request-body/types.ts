// The TypeScript type of a captured request body, made by openapi-typescript from the body's schema
// IR as JSON Schema (schema.ts). Spec text reaches the output only as string-literal types and property
// keys, which the TypeScript printer escapes; annotations (descriptions, examples) are dropped
// before the conversion, since openapi-typescript copies them into comments unescaped. Each
// definition is a module-private type alias, which may name itself inside an array or object (a
// recursive schema); `<Tool>RequestBodyComponents` lists the components under their names.
import { createRequire } from "node:module";
import type { GlobalContext, SchemaObject } from "openapi-typescript";
import type TS from "typescript";
import type { ToolNames } from "../../ir/naming.ts";
import type { Tool } from "../../ir/types.ts";
import type { JsonValue } from "../../ir/json.ts";
import { stringLiteral } from "../core/escape.ts";
import {
  chain,
  laidOut,
  parenthesized,
  prefixed,
  suffixed,
  typeArguments,
  typeLiteral,
  type Code,
} from "../core/layout.ts";
import { docComment, exportType } from "../core/source-file.ts";
import { definitionRef, schemaJson } from "../schema/json-schema.ts";

/**
 * openapi-typescript and the TypeScript compiler API (a second copy beside ts-morph's, about 50 ms
 * to load), loaded on first use: every toolcat command would otherwise pay for them, though only
 * packages with a captured body need them.
 */
let library: typeof import("openapi-typescript") | undefined;
let ts: typeof TS;
let printer: TS.Printer;
let sourceFile: TS.SourceFile;
function openapiTypescript(): typeof import("openapi-typescript") {
  if (library === undefined) {
    const require = createRequire(import.meta.url);
    ts = require("typescript") as typeof TS;
    printer = ts.createPrinter({ removeComments: true });
    sourceFile = ts.createSourceFile("body.ts", "", ts.ScriptTarget.ESNext);
    library = require("openapi-typescript") as typeof import("openapi-typescript");
  }
  return library;
}

/** The type statements of a tool's captured body: its definitions, then `<Tool>RequestBody`. */
export function requestBodyTypes(tool: Tool, names: ToolNames): string[] {
  const body = tool.requestBody;
  if (body === undefined) return [];
  const { transformSchemaObject } = openapiTypescript();
  const fields = new FieldNames();
  const definitions = new Map(body.definitions.map((d) => [d.name, schemaJson(d.schema)]));
  const ctx = context(definitions, fields);
  const aliases = new Map(body.definitions.map((d, index) => [d.name, `${names.requestBodyComponents}${index}`]));
  const convert = (schema: JsonValue, path: string): TS.TypeNode =>
    restore(transformSchemaObject(asSchemaObject(schema, fields), { path, ctx }), aliases, fields);
  const statements: string[] = [];
  for (const d of body.definitions) {
    const doc = docComment(`${stringLiteral(d.pointer)} of the \`${tool.fullName}\` request body.`);
    statements.push(
      `${doc}\n` +
        laidOut(
          prefixed(
            `type ${aliases.get(d.name) ?? ""} = `,
            nodeCode(convert(definitions.get(d.name) ?? true, componentRef(d.name))),
          ),
          ";",
        ),
    );
  }
  const components = body.definitions.filter((d) => d.pointer === `#/components/schemas/${d.name}`);
  if (components.length > 0) {
    const schemas = typeLiteral(
      components.map((d) => memberCode(stringLiteral(d.name), false, aliases.get(d.name) ?? "never")),
    );
    const doc = docComment(`Schemas under \`components.schemas\` of the \`${tool.fullName}\` request body.`);
    statements.push(
      `${doc}\n` +
        laidOut(
          prefixed(`export interface ${names.requestBodyComponents} `, typeLiteral([prefixed("schemas: ", schemas)])),
        ),
    );
  }
  const doc =
    `The request body of \`${tool.fullName}\` in mode execute, from the schema its engine returned\nfor mode ` +
    `get_request_schema (${body.file}).`;
  statements.push(exportType(doc, names.requestBody, [nodeCode(convert(schemaJson(body.root), "#"))]));
  return statements;
}

/** A definition as openapi-typescript refers to one, whatever its name: `components["schemas"][name]`. */
function componentRef(name: string): string {
  return `#/components/schemas/${name}`;
}

/** The type of a mode-pattern tool's request_body property: the captured body or its JSON text. */
export function requestBodyPropertyType(tool: Tool, names: ToolNames): string | undefined {
  return tool.requestBody === undefined ? undefined : `${names.requestBody} | string`;
}

/**
 * A type node as layout code, so a long union or object type breaks over lines like every other
 * generated type; other nodes print as the TypeScript printer writes them.
 */
function nodeCode(node: TS.TypeNode): Code {
  if (ts.isUnionTypeNode(node)) return chain("|", node.types.map(nodeCode));
  if (ts.isIntersectionTypeNode(node)) return chain("&", node.types.map(nodeCode));
  if (ts.isParenthesizedTypeNode(node)) return parenthesized(nodeCode(node.type));
  if (ts.isArrayTypeNode(node)) return suffixed(nodeCode(node.elementType), "[]");
  if (ts.isTypeReferenceNode(node) && node.typeArguments !== undefined) {
    return typeArguments(print(node.typeName), node.typeArguments.map(nodeCode));
  }
  if (ts.isTypeLiteralNode(node)) {
    return typeLiteral(
      node.members.map((member) =>
        ts.isPropertySignature(member) && member.type !== undefined
          ? memberCode(print(member.name), member.questionToken !== undefined, nodeCode(member.type))
          : print(member).replace(/;$/, ""),
      ),
    );
  }
  return print(node);
}

function memberCode(name: string, optional: boolean, type: Code): Code {
  return prefixed(`${name}${optional ? "?" : ""}: `, type);
}

function print(node: TS.Node): string {
  return printer.printNode(ts.EmitHint.Unspecified, node, sourceFile);
}

/** openapi-typescript's options, as its own entry point fills them, resolving refs within the answer. */
function context(definitions: ReadonlyMap<string, JsonValue>, fields: FieldNames): GlobalContext {
  return {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: { objects: {}, refsHandled: [] },
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    redoc: undefined as unknown as GlobalContext["redoc"],
    silent: true,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve<T>($ref: string): T | undefined {
      const name = $ref.startsWith(componentRef("")) ? $ref.slice(componentRef("").length) : undefined;
      const schema = name === undefined ? undefined : definitions.get(name);
      return (schema === undefined ? undefined : asSchemaObject(schema, fields)) as T | undefined;
    },
  };
}

/** The schema as openapi-typescript takes it; `true` (anything) as the empty schema. */
function asSchemaObject(schema: JsonValue, fields: FieldNames): SchemaObject {
  const shape = typeShape(schema, fields);
  return (typeof shape === "object" && shape !== null && !Array.isArray(shape) ? shape : {}) as unknown as SchemaObject;
}

/** Keywords that shape the type; everything else (annotations, extensions) is left out. */
const typeKeywords = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "oneOf",
  "anyOf",
  "allOf",
  "$ref",
]);

/**
 * Field names as openapi-typescript sees them: `f0`, `f1`, …, each standing for one engine name.
 * It builds JSON pointers from field names and decodes them again, which throws on a name such as
 * `100%`; the real names are put back in the printed type (restore).
 */
class FieldNames {
  private readonly names: string[] = [];
  add(name: string): string {
    this.names.push(name);
    return `f${this.names.length - 1}`;
  }
  original(placeholder: string): string | undefined {
    return /^f\d+$/.test(placeholder) ? this.names[Number(placeholder.slice(1))] : undefined;
  }
}

/**
 * A copy of a schema with only the keywords that shape its type, field names replaced and refs to
 * `$defs` as openapi-typescript resolves them, recursively. A boolean schema becomes `{}` (any
 * value): a type may be looser than the checks, never stricter.
 */
function typeShape(schema: JsonValue, fields: FieldNames): JsonValue {
  if (typeof schema === "boolean") return {};
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const placeholders = new Map<string, string>();
  const rename = (name: string): string => {
    const known = placeholders.get(name) ?? fields.add(name);
    placeholders.set(name, known);
    return known;
  };
  const out: { [key: string]: JsonValue } = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!typeKeywords.has(key)) continue;
    if (key === "properties" && typeof value === "object" && value !== null && !Array.isArray(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [rename(name), typeShape(property, fields)]),
      );
    } else if (key === "required" && Array.isArray(value)) {
      out[key] = value.map((name) => (typeof name === "string" ? rename(name) : name));
    } else if (Array.isArray(value) && (key === "oneOf" || key === "anyOf" || key === "allOf")) {
      out[key] = value.map((option) => typeShape(option, fields));
    } else if (key === "$ref" && typeof value === "string") {
      out[key] = componentRef(value.slice(definitionRef("").length));
    } else {
      out[key] = key === "items" || key === "additionalProperties" ? typeShape(value, fields) : value;
    }
  }
  return out;
}

/**
 * The printed type with the engine's field names back, and each $ref (openapi-typescript writes
 * `components["schemas"]["Name"]`) as the component's alias.
 */
function restore(node: TS.TypeNode, aliases: ReadonlyMap<string, string>, fields: FieldNames): TS.TypeNode {
  const { tsPropertyIndex } = openapiTypescript();
  const visit = (child: TS.Node): TS.Node => {
    const alias = ts.isIndexedAccessTypeNode(child) ? aliases.get(componentName(child) ?? "") : undefined;
    if (alias !== undefined) return ts.factory.createTypeReferenceNode(alias);
    const field =
      ts.isPropertySignature(child) && ts.isIdentifier(child.name) ? fields.original(child.name.text) : undefined;
    if (field !== undefined && ts.isPropertySignature(child)) {
      const updated = ts.visitEachChild(child, visit, undefined);
      return ts.factory.updatePropertySignature(
        updated,
        updated.modifiers,
        tsPropertyIndex(field),
        updated.questionToken,
        updated.type,
      );
    }
    return ts.visitEachChild(child, visit, undefined);
  };
  return visit(node) as TS.TypeNode;
}

/** "Name" of `components["schemas"]["Name"]`, or undefined for any other indexed access. */
function componentName(node: TS.IndexedAccessTypeNode): string | undefined {
  const literal = (type: TS.TypeNode): string | undefined =>
    ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal) ? type.literal.text : undefined;
  const { objectType } = node;
  if (!ts.isIndexedAccessTypeNode(objectType) || literal(objectType.indexType) !== "schemas") return undefined;
  const root = objectType.objectType;
  return ts.isTypeReferenceNode(root) && ts.isIdentifier(root.typeName) && root.typeName.text === "components"
    ? literal(node.indexType)
    : undefined;
}
