// Gemini function declarations, in both forms `@google/genai` takes. `parametersJsonSchema` reads
// JSON Schema with the keyword subset Gemini documents for structured output and function calling
// (no `$schema`, no conditionals, no length bounds or patterns). `parameters` is Gemini's OpenAPI 3.0
// subset (its `Schema` type): upper-case types, `nullable` instead of a "null" type, string enums
// only, counts as int64 strings, no `additionalProperties`. What either leaves out is reported.
import type { JsonSchemaObject } from "../schema-targets.js";
import { lowerWith, type DropList, type FormRules, type Lowered, type Mutable } from "./lowered.js";

/** Keywords Gemini documents for `parametersJsonSchema`. */
export const geminiJsonSchemaKeywords: ReadonlySet<string> = new Set([
  "type",
  "title",
  "description",
  "enum",
  "format",
  "minimum",
  "maximum",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "properties",
  "additionalProperties",
  "required",
  "anyOf",
  "$ref",
  "$defs",
  "propertyOrdering",
]);

/** Fields of `@google/genai`'s `Schema` (the `parameters` form). */
export const geminiSchemaFields: ReadonlySet<string> = new Set([
  "type",
  "title",
  "description",
  "enum",
  "format",
  "nullable",
  "minimum",
  "maximum",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "minProperties",
  "maxProperties",
  "pattern",
  "properties",
  "required",
  "anyOf",
  "propertyOrdering",
  "default",
  "example",
]);

/** String formats Gemini documents; others are dropped (a `pattern` beside them stays where the form has one). */
export const geminiFormats: ReadonlySet<string> = new Set(["date-time", "date", "time"]);

const keepsFormat = (keyword: string, value: unknown): boolean =>
  keyword !== "format" || geminiFormats.has(value as string);

const jsonSchemaRules: FormRules = {
  keeps: (keyword, value) => geminiJsonSchemaKeywords.has(keyword) && keepsFormat(keyword, value),
};

/** `FunctionDeclaration.parametersJsonSchema`. */
export function lowerGeminiJsonSchema(schema: JsonSchemaObject): Lowered {
  return lowerWith(schema, jsonSchemaRules);
}

/** The `Schema` fields whose int64 values the API reads as strings. */
const counts = new Set(["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"]);

/** `parameters` of a tool, and where it holds an object Gemini's `Schema` cannot leave open. */
export interface GeminiParametersLowered extends Lowered {
  /**
   * Pointers of the objects that take keys the schema does not list (no `additionalProperties:
   * false`; a tool whose parameters are not shown is one at the root). `Schema` has no
   * `additionalProperties` and Gemini sends only listed keys, so such a tool cannot be expressed in
   * this form; the tool files ship `parametersJsonSchema` for that reason.
   */
  readonly openObjects: readonly string[];
}

/** `FunctionDeclaration.parameters` (Gemini's OpenAPI subset). */
export function lowerGeminiParameters(schema: JsonSchemaObject): GeminiParametersLowered {
  const openObjects: string[] = [];
  const rules: FormRules = {
    // `const` becomes a one-value enum and `additionalProperties` is read, then removed, in the rewrite.
    keeps: (keyword, value) =>
      (geminiSchemaFields.has(keyword) || keyword === "const" || keyword === "additionalProperties") &&
      keepsFormat(keyword, value),
    rewrite: (node, at, drops) => {
      const { additionalProperties: closed, ...rest } = node;
      if (rest["type"] === "object" && closed !== false) openObjects.push(at);
      return toGeminiSchema(rest, at, drops);
    },
  };
  return { ...lowerWith(schema, rules), openObjects };
}

function toGeminiSchema(node: Mutable, at: string, drops: DropList): Mutable {
  const { const: constant, ...out } = node;
  if (constant !== undefined) out["enum"] = [constant];
  for (const key of counts) if (typeof out[key] === "number") out[key] = String(out[key]);
  const types = out["type"] === undefined ? [] : [out["type"]].flat().map(String);
  if (types.includes("null") || (Array.isArray(out["enum"]) && out["enum"].includes(null))) out["nullable"] = true;
  const named = types.filter((type) => type !== "null");
  if (named.length === 1) out["type"] = named[0]!.toUpperCase();
  else {
    delete out["type"];
    if (named.length > 1) out["anyOf"] = named.map((type) => ({ type: type.toUpperCase() }));
  }
  if (Array.isArray(out["enum"])) {
    const values = (out["enum"] as unknown[]).filter((value) => value !== null);
    // Gemini's enums hold strings only; a list of other values is left to the validator.
    if (values.every((value) => typeof value === "string")) out["enum"] = values;
    else {
      delete out["enum"];
      drops.drop(at, "enum");
    }
  }
  return out;
}
