// A captured request body as standard JSON Schema 2020-12, the `contentSchema` of the request_body
// text in inputSchema and the manifest. Definitions become `$defs` referred to by `$ref`, so a shared
// or recursive one is written once. The schema is its own resource (`$id`), so those refs resolve
// inside it both where it is embedded and when a tool format or a user copies it out. Each keyword
// is written by its entry in `writers`, keyed like the vocabulary.
import type { JsonSchema, JsonValue } from "../../ir/json.ts";
import type { CapturedRequestBody } from "../../ir/request-body.ts";
import type { Keyword, Named, Schema, SchemaNode } from "../../ir/schema.ts";
import { keywords } from "../../ir/vocabulary.ts";
import type { Tool } from "../../ir/types.ts";

/** The tool's parameter schemas with the captured body as request_body's `contentSchema`. */
export function withRequestBodySchema(tool: Tool, properties: JsonSchema): JsonSchema {
  const property = properties["request_body"];
  if (tool.requestBody === undefined || typeof property !== "object" || property === null) return properties;
  return {
    ...properties,
    request_body: { ...property, contentSchema: bodyJsonSchema(tool.fullName, tool.requestBody) },
  };
}

type Convert = (schema: Schema) => JsonValue;
type Writer<K extends Keyword> = (value: NonNullable<SchemaNode[K]>, convert: Convert) => JsonValue;

const same = <T extends JsonValue>(value: T): JsonValue => value;
const one = (schema: Schema, convert: Convert): JsonValue => convert(schema);
const list = (schemas: readonly Schema[], convert: Convert): JsonValue => schemas.map(convert);
const map = (named: readonly Named<Schema>[], convert: Convert): JsonValue =>
  Object.fromEntries(named.map((n) => [n.name, convert(n.value)]));

/** The `$ref` to a definition: names are component names or `ref:<n>`, with nothing to escape in a pointer. */
export function definitionRef(name: string): string {
  return `#/$defs/${name}`;
}

const writers: { readonly [K in Keyword]: Writer<K> } = {
  $ref: (name) => definitionRef(name),
  type: (types) => (types.length === 1 ? (types[0] ?? null) : [...types]),
  enum: (values) => [...values],
  const: same,
  allOf: list,
  anyOf: list,
  oneOf: list,
  not: one,
  if: one,
  then: one,
  else: one,
  multipleOf: same,
  minimum: same,
  maximum: same,
  exclusiveMinimum: same,
  exclusiveMaximum: same,
  minLength: same,
  maxLength: same,
  pattern: same,
  format: same,
  prefixItems: list,
  items: one,
  contains: one,
  minContains: same,
  maxContains: same,
  minItems: same,
  maxItems: same,
  uniqueItems: same,
  properties: map,
  patternProperties: map,
  additionalProperties: one,
  propertyNames: one,
  required: (names) => [...names],
  dependentRequired: (named) => Object.fromEntries(named.map((n) => [n.name, [...n.value]])),
  dependentSchemas: map,
  minProperties: same,
  maxProperties: same,
};

/** One schema of the IR as JSON Schema; `true` and `false` stay booleans. */
export function schemaJson(schema: Schema): JsonValue {
  if (typeof schema === "boolean") return schema;
  // An empty enum accepts nothing; stock Ajv refuses to compile one, so it is written as `false`.
  if (schema.enum?.length === 0) return false;
  const out: { [key: string]: JsonValue } = schema.description === undefined ? {} : { description: schema.description };
  for (const keyword of keywords) {
    const value = schema[keyword];
    if (value !== undefined) out[keyword] = (writers[keyword] as Writer<Keyword>)(value as never, schemaJson);
  }
  return out;
}

export function bodyJsonSchema(fullName: string, body: CapturedRequestBody): JsonSchema {
  const root = schemaJson(body.root);
  const $defs = Object.fromEntries(body.definitions.map((d) => [d.name, schemaJson(d.schema)]));
  // A boolean root is written as its object form, so `$id` and `$defs` have a place.
  const rootObject = root === true ? {} : root === false ? { not: {} } : (root as JsonSchema);
  return { $id: `urn:toolcat:request-body:${fullName}`, ...rootObject, ...(body.definitions.length > 0 && { $defs }) };
}
