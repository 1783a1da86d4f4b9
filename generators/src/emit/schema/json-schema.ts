// The one JSON Schema 2020-12 writer of the schema IR: a captured request body (the `contentSchema`
// of the request_body text) and a tool's parameter list (input-schema.ts) alike. Each key of a node
// is written by its entry in `writers`, in the table's order; toolcat's own keywords become the
// standard keywords that say the same (toolcat-json.ts). Definitions become `$defs` referred to by
// `$ref`, so a shared or recursive one is written once; a body is its own resource (`$id`), so those
// refs resolve inside it both where it is embedded and when a tool format or a user copies it out.
import type { JsonSchema, JsonValue } from "../../ir/json.ts";
import type { Named, Schema, SchemaDocument, SchemaNode } from "../../ir/schema.ts";
import { formatKeywords, modePatternSchema, requiredWhenSchemas } from "./toolcat-json.ts";

type Convert = (schema: Schema) => JsonValue;
type Writer<K extends keyof SchemaNode> = (value: NonNullable<SchemaNode[K]>, convert: Convert) => JsonSchema;

const one = (schema: Schema, convert: Convert): JsonValue => convert(schema);
const list = (schemas: readonly Schema[], convert: Convert): JsonValue => schemas.map(convert);
const map = (named: readonly Named<Schema>[], convert: Convert): JsonValue =>
  Object.fromEntries(named.map((n) => [n.name, convert(n.value)]));

/** A writer of a keyword whose value is written as it is (a number, a string, a boolean). */
function as<K extends keyof SchemaNode>(key: K): Writer<K> {
  return (value) => ({ [key]: value as JsonValue });
}
/** A writer of a keyword whose value is one subschema, a list of them, or them by name. */
function sub<K extends keyof SchemaNode>(key: K, write: (value: never, convert: Convert) => JsonValue): Writer<K> {
  return (value, convert) => ({ [key]: write(value as never, convert) });
}

/** The `$ref` to a definition: names are component names or `ref:<n>`, with nothing to escape in a pointer. */
export function definitionRef(name: string): string {
  return `#/$defs/${name}`;
}

/**
 * Every key of a node but the mode pattern, in the order written: keywords, then annotations, then
 * the content's schema. The mode pattern rewrites the node once the rest is written.
 */
const writers: { readonly [K in Exclude<keyof SchemaNode, "modePattern">]-?: Writer<K> } = {
  $ref: (name) => ({ $ref: definitionRef(name) }),
  type: (types) => ({ type: types.length === 1 ? (types[0] ?? null) : [...types] }),
  toolFormat: (format) => formatKeywords(format),
  enum: (values) => ({ enum: [...values] }),
  const: as("const"),
  allOf: sub("allOf", list),
  anyOf: sub("anyOf", list),
  oneOf: sub("oneOf", list),
  not: sub("not", one),
  if: sub("if", one),
  then: sub("then", one),
  else: sub("else", one),
  multipleOf: as("multipleOf"),
  minimum: as("minimum"),
  maximum: as("maximum"),
  exclusiveMinimum: as("exclusiveMinimum"),
  exclusiveMaximum: as("exclusiveMaximum"),
  minLength: as("minLength"),
  maxLength: as("maxLength"),
  pattern: as("pattern"),
  format: as("format"),
  prefixItems: sub("prefixItems", list),
  items: sub("items", one),
  contains: sub("contains", one),
  minContains: as("minContains"),
  maxContains: as("maxContains"),
  minItems: as("minItems"),
  maxItems: as("maxItems"),
  uniqueItems: as("uniqueItems"),
  properties: sub("properties", map),
  patternProperties: sub("patternProperties", map),
  propertyNames: sub("propertyNames", one),
  required: (names) => ({ required: [...names] }),
  dependentRequired: (named) => ({
    dependentRequired: Object.fromEntries(named.map((n) => [n.name, [...n.value]])),
  }),
  requiredWhen: (rules) => ({ allOf: requiredWhenSchemas(rules) }),
  additionalProperties: sub("additionalProperties", one),
  dependentSchemas: sub("dependentSchemas", map),
  minProperties: as("minProperties"),
  maxProperties: as("maxProperties"),
  description: as("description"),
  default: as("default"),
  // Names for the TypeScript types and the README, which JSON Schema has no keyword for.
  enumName: () => ({}),
  keys: () => ({}),
  valuesNotShown: () => ({}),
  content: ({ id, document }) => ({ contentSchema: documentJsonSchema(id, document) }),
};
const keys = Object.keys(writers) as (keyof typeof writers)[];

/** One schema of the IR as JSON Schema; `true` and `false` stay booleans. */
export function schemaJson(schema: Schema): JsonValue {
  if (typeof schema === "boolean") return schema;
  // An empty enum accepts nothing; stock Ajv refuses to compile one, so it is written as `false`.
  if (schema.enum?.length === 0) return false;
  const out: JsonSchema = {};
  for (const key of keys) {
    const value = schema[key];
    if (value === undefined) continue;
    for (const [name, written] of Object.entries((writers[key] as Writer<typeof key>)(value as never, schemaJson))) {
      const before = out[name];
      // Two keys may write one keyword (allOf and requiredWhen): their lists join.
      out[name] = Array.isArray(before) && Array.isArray(written) ? [...before, ...written] : written;
    }
  }
  return (schema.modePattern === undefined ? out : modePatternSchema(out, schema.modePattern)) as JsonValue;
}

/** A schema with its definitions, as a resource of its own named `id`. */
export function documentJsonSchema(id: string, document: SchemaDocument): JsonSchema {
  const root = schemaJson(document.root);
  const $defs = Object.fromEntries(document.definitions.map((d) => [d.name, schemaJson(d.schema)]));
  // A boolean root is written as its object form, so `$id` and `$defs` have a place.
  const rootObject = root === true ? {} : root === false ? { not: {} } : (root as JsonSchema);
  return { $id: id, ...rootObject, ...(document.definitions.length > 0 && { $defs }) };
}
