// OpenAI structured-outputs ("strict") form of a tool's 2020-12 inputSchema: every property in
// `required` (optional ones made nullable: strict mode's way to leave one out), every object closed,
// only the keywords strict mode supports. Rules it cannot express (conditionals, dependencies, key
// counts, the keys of open objects) are left out; the full validator still checks the arguments
// once the nulls are dropped (dropNulls).
import { isObject } from "./issues.js";
import type { JsonSchemaObject } from "./schema-targets.js";

type Mutable = { [keyword: string]: unknown };

/** String formats strict mode supports; others are dropped and their `pattern`, if any, kept. */
export const strictFormats: ReadonlySet<string> = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

/** Keywords strict mode accepts, by where they appear. */
export const strictKeywords: ReadonlySet<string> = new Set([
  "type", "description", "enum", "const", "properties", "required", "additionalProperties", "items",
  "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "minItems", "maxItems", "anyOf", "$defs", "$ref",
]);

/** The strict form of a tool's input schema; a tool whose parameters are not shown takes no arguments in it. */
export function openAiStrictSchema(schema: JsonSchemaObject): JsonSchemaObject {
  const properties = (schema["properties"] ?? {}) as Record<string, JsonSchemaObject>;
  const required = new Set((schema["required"] ?? []) as string[]);
  const strictProperties = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, required.has(name) ? strictValue(property) : nullable(strictValue(property))]),
  );
  return { type: "object", properties: strictProperties, required: Object.keys(properties), additionalProperties: false };
}

/** An object parameter becomes a closed empty object: strict mode cannot leave keys open. */
function strictValue(schema: JsonSchemaObject): JsonSchemaObject {
  if (schema["type"] === "object") {
    const described = schema["description"] === undefined ? {} : { description: schema["description"] };
    return { type: "object", ...described, properties: {}, required: [], additionalProperties: false };
  }
  const out: Mutable = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!strictKeywords.has(keyword)) continue;
    if (keyword === "format" && !strictFormats.has(value as string)) continue;
    out[keyword] = keyword === "items" ? strictValue(value as JsonSchemaObject) : value;
  }
  return out;
}

function nullable(schema: JsonSchemaObject): JsonSchemaObject {
  const type = schema["type"];
  const out: Mutable = { ...schema, type: Array.isArray(type) ? [...(type as string[]), "null"] : [type, "null"] };
  if (Array.isArray(schema["enum"])) out["enum"] = [...(schema["enum"] as unknown[]), null];
  return out;
}

/**
 * The arguments without their top-level nulls: strict mode sends null for an optional parameter
 * left out, and no toolcat parameter takes null. Anything but a plain readable object is returned
 * as given, for the validator to report.
 */
export function dropNulls(value: unknown): unknown {
  try {
    if (!isObject(value)) return value;
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  } catch {
    // A proxy or throwing getter: the validator reports it (redacted) with the input as given.
    return value;
  }
}
