// Whether a tool ships OpenAI strict: strict mode requires every object closed, so a tool whose
// parameters are not shown or that takes an open object ships non-strict with the reason. The
// strict form itself is the runtime's (openAiStrictSchema), which the packages' strict Standard
// Schemas give at run time too.
import { openAiStrictSchema } from "../../../../packages/runtime/src/openai-strict.ts";
import type { JsonSchema } from "../../ir/json.ts";

export { strictFormats, strictKeywords } from "../../../../packages/runtime/src/openai-strict.ts";

export type StrictResult =
  | { readonly strict: true; readonly schema: JsonSchema }
  | { readonly strict: false; readonly reason: string; readonly schema: JsonSchema };

/** The strict schema for a tool, or the reason it must ship `strict: false` with its own schema. */
export function openAiStrict(schema: JsonSchema): StrictResult {
  const properties = schema["properties"] as Record<string, JsonSchema> | undefined;
  if (properties === undefined) return { strict: false, reason: "the catalog does not show this tool's parameters", schema: loose(schema) };
  const open = Object.entries(properties).find(([, property]) => isOpenObject(property));
  if (open !== undefined) {
    return { strict: false, reason: `parameter ${open[0]} is an object with keys the catalog does not list`, schema: loose(schema) };
  }
  return { strict: true, schema: openAiStrictSchema(schema) as JsonSchema };
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
