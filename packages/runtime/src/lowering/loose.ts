// The forms that take JSON Schema nearly whole: MCP (2020-12 as it is), Anthropic Messages and
// OpenAI non-strict functions. The two providers reject `allOf`/`anyOf`/`oneOf` at the top level
// of a tool's schema and do not read `$schema`; the conditions `allOf` holds are left to the validator.
import type { JsonSchemaObject } from "../schema-targets.js";
import { lowerWith, type FormRules, type Lowered } from "./lowered.js";

const topLevelRejected = new Set(["$schema", "allOf", "anyOf", "oneOf"]);

const looseRules: FormRules = { keeps: (keyword, _value, at) => at !== "" || !topLevelRejected.has(keyword) };

const mcpRules: FormRules = { keeps: () => true };

/** MCP `Tool.inputSchema`: JSON Schema 2020-12, so only the execute view applies and nothing is lost. */
export function lowerMcp(schema: JsonSchemaObject): Lowered {
  return lowerWith(schema, mcpRules);
}

/** Anthropic Messages `input_schema`. */
export function lowerAnthropic(schema: JsonSchemaObject): Lowered {
  return lowerWith(schema, looseRules);
}

/** OpenAI function `parameters` with `strict: false` (Chat Completions and Responses). */
export function lowerOpenAiNonStrict(schema: JsonSchemaObject): Lowered {
  return lowerWith(schema, looseRules);
}
