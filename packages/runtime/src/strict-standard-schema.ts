// A tool's Standard Schema for consumers that send every schema to OpenAI in strict mode: openai
// 7's standard-schema helpers (`standardFunction`, `standardResponsesFunction`) and
// @openai/agents `tool()` with `strict: true`. Both read `~standard.jsonSchema.input` and refuse
// what strict mode cannot express (conditionals, `contentSchema`, optional properties that are not
// nullable), so every target gives the strict form here, and `validate` drops the nulls that form
// lets the model send before the full validator runs.
import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { executeView } from "./execute-view.js";
import { dropNulls, openAiStrictSchema } from "./openai-strict.js";
import { convertSchema } from "./schema-targets.js";
import type { ToolStandardSchema } from "./standard-schema.js";

/**
 * `schema` as strict consumers need it. Whatever the strict form leaves out is still checked:
 * the arguments go to the package validator, whose issues (message and path) reach the consumer.
 */
export function strictStandardSchema<I>(schema: ToolStandardSchema<I>): ToolStandardSchema<I> {
  const full = schema["~standard"];
  const strict = openAiStrictSchema(executeView(full.jsonSchema.input({ target: "draft-2020-12" })));
  const toTarget = (options: StandardJSONSchemaV1.Options): Record<string, unknown> => convertSchema(strict, options.target);
  return {
    "~standard": {
      ...full,
      validate: (value) => full.validate(dropNulls(value)),
      jsonSchema: { input: toTarget, output: toTarget },
    },
  };
}
