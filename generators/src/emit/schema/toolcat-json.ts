// toolcat's own keywords of the schema IR as the standard JSON Schema 2020-12 keywords that say the
// same, so a stock validator (Ajv 2020 with ajv-formats) accepts and rejects exactly what the
// package's own validator does. The one exception: JSON text well-formedness (`json`, `cell-data`)
// is only annotated, as `contentMediaType` cannot assert.
import { cellDataSchema, formatPatterns } from "../../../../packages/runtime/src/formats.ts";
import type { FormatName } from "../../ir/formats.ts";
import type { JsonSchema } from "../../ir/json.ts";
import type { ModePattern, RequiredWhen } from "../../ir/schema.ts";

/** Standard keywords for a toolcat format; patterns come from the runtime's one table. */
export function formatKeywords(format: FormatName): JsonSchema {
  switch (format) {
    case "date":
    case "uri":
      return { format };
    case "date-time":
      return { format, pattern: formatPatterns[format] };
    case "url":
      return { format: "uri", pattern: formatPatterns.url };
    case "json":
      return { contentMediaType: "application/json" };
    case "cell-data":
      return { contentMediaType: "application/json", contentSchema: cellDataSchema };
    case "column-letters":
    case "column":
    case "csv":
    case "bearer":
    case "jwt":
      return { pattern: formatPatterns[format] };
  }
}

/** Each rule as `if` the property has the value, `then` the names are required (parts of an allOf). */
export function requiredWhenSchemas(rules: readonly RequiredWhen[]): JsonSchema[] {
  // `then` names its required keys under `properties` too: Ajv's strict mode (strictRequired) rejects
  // a `required` key that no sibling or earlier `properties` defines, and `allOf` compiles first.
  return rules.map(({ when, equals, names }) => ({
    if: { properties: { [when]: { const: equals } }, required: [when] },
    then: { properties: Object.fromEntries(names.map((name) => [name, true])), required: [...names] },
  }));
}

/**
 * Document A, rule 3: with a mode other than execute (get_request_schema) every other parameter is
 * ignored, whatever its value. Their types and requirements therefore sit in `else`; the top level
 * keeps their descriptions, and unknown keys stay rejected in every mode.
 */
export function modePatternSchema(written: JsonSchema, pattern: ModePattern): JsonSchema {
  const { type, properties, required: all = [], additionalProperties, ...rest } = written;
  const { [pattern.property]: mode, ...others } = properties as JsonSchema;
  // The mode property is required at the top level, where its property is defined (Ajv's strictRequired).
  const required = (all as string[]).filter((name) => name !== pattern.property);
  const annotations = Object.fromEntries(
    Object.entries(others).map(([name, schema]) => [name, pick(schema as JsonSchema, ["description", "default"])]),
  );
  return {
    ...(type !== undefined && { type }),
    properties: { [pattern.property]: mode ?? true, ...annotations },
    required: [pattern.property],
    ...(additionalProperties !== undefined && { additionalProperties }),
    if: { properties: { [pattern.property]: { enum: [...pattern.ignoring] } }, required: [pattern.property] },
    else: { properties: others, ...(required.length > 0 && { required }), ...rest },
  };
}

function pick(schema: JsonSchema, keys: readonly string[]): JsonSchema {
  return Object.fromEntries(keys.filter((key) => key in schema).map((key) => [key, schema[key]]));
}
