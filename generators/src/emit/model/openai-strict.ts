// OpenAI structured-outputs ("strict") form of a tool's 2020-12 inputSchema. Strict mode requires
// every property in `required` (optional ones made nullable), `additionalProperties: false` on
// every object, and only the keywords it supports; a tool that cannot meet that ships non-strict
// with the reason. Rules strict mode cannot express (conditionals, dependencies, key counts) stay
// in the description and in the package validator, which sees the arguments after nulls are dropped.
import type { JsonSchema } from "../../ir/json.ts";

export type StrictResult =
  | { readonly strict: true; readonly schema: JsonSchema }
  | { readonly strict: false; readonly reason: string; readonly schema: JsonSchema };

/** String formats strict mode supports; others are dropped and their `pattern`, if any, kept. */
export const strictFormats: ReadonlySet<string> = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

/** Keywords strict mode accepts, by where they appear. */
export const strictKeywords: ReadonlySet<string> = new Set([
  "type", "description", "enum", "const", "properties", "required", "additionalProperties", "items",
  "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "minItems", "maxItems", "anyOf", "$defs", "$ref",
]);

/** The strict schema for a tool, or the reason it must ship `strict: false` with its own schema. */
export function openAiStrict(schema: JsonSchema): StrictResult {
  const properties = schema["properties"] as Record<string, JsonSchema> | undefined;
  if (properties === undefined) return { strict: false, reason: "the catalog does not show this tool's parameters", schema: loose(schema) };
  const open = Object.entries(properties).find(([, property]) => isOpenObject(property));
  if (open !== undefined) {
    return { strict: false, reason: `parameter ${open[0]} is an object with keys the catalog does not list`, schema: loose(schema) };
  }
  const required = new Set((schema["required"] ?? []) as string[]);
  const strictProperties = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, required.has(name) ? strictValue(property) : nullable(strictValue(property))]),
  );
  return {
    strict: true,
    schema: { type: "object", properties: strictProperties, required: Object.keys(properties), additionalProperties: false },
  };
}

/**
 * The schema for non-strict use: providers reject `allOf`/`anyOf`/`oneOf` at the top level, and
 * `$schema` is not theirs to read. The conditions it held stay in the description and validator.
 */
export function loose(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, allOf: _conditions, ...rest } = schema;
  return rest;
}

/** An object parameter strict mode cannot close: any object other than the empty one. */
function isOpenObject(schema: JsonSchema): boolean {
  return schema["type"] === "object" && schema["maxProperties"] !== 0;
}

function strictValue(schema: JsonSchema): JsonSchema {
  if (schema["type"] === "object") return { type: "object", ...described(schema), properties: {}, required: [], additionalProperties: false };
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!strictKeywords.has(keyword)) continue;
    if (keyword === "format" && !strictFormats.has(value as string)) continue;
    out[keyword] = keyword === "items" ? strictValue(value as JsonSchema) : value;
  }
  return out;
}

function described(schema: JsonSchema): JsonSchema {
  return schema["description"] === undefined ? {} : { description: schema["description"] };
}

/** Null allowed too: strict mode's way to leave a parameter out. */
function nullable(schema: JsonSchema): JsonSchema {
  const type = schema["type"];
  const out: JsonSchema = { ...schema, type: Array.isArray(type) ? [...(type as string[]), "null"] : [type, "null"] };
  if (Array.isArray(schema["enum"])) out["enum"] = [...(schema["enum"] as unknown[]), null];
  return out;
}
