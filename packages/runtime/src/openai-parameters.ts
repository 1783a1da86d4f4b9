// A tool's OpenAI function form for libraries that take plain JSON Schema with a strict flag
// (@openai/agents `tool()`): strict where the tool allows it, otherwise the non-strict form the
// tool files ship, so open objects stay open and a tool whose parameters are not shown takes any
// keys. The strict form would close both, and the model could send nothing there.
import { lowerOpenAiStrict } from "./lowering/openai-strict.js";
import type { JsonSchemaObject } from "./schema-targets.js";
import type { ToolStandardSchema } from "./standard-schema.js";
import { strictParameters, type StrictParameters } from "./strict-standard-schema.js";

/** The non-strict form's root, as @openai/agents types the parameters of a `strict: false` tool. */
export interface NonStrictParameters {
  readonly type: "object";
  readonly properties: Readonly<Record<string, JsonSchemaObject>>;
  readonly required: string[];
  // The library's type names only an open root; it sends the schema as given, so a root the catalog
  // closes (an open object below it) keeps `additionalProperties: false` for the model to read.
  readonly additionalProperties: true;
}

/**
 * The parameters of either form: @openai/agents `tool()` infers one form from a spread of both, so
 * it takes this as its type argument (`tool<OpenAiToolParameters>({ ...openAiParameters(schema), … })`).
 */
export type OpenAiToolParameters = StrictParameters | NonStrictParameters;

export type OpenAiParameters =
  | { readonly strict: true; readonly parameters: StrictParameters }
  | { readonly strict: false; readonly parameters: NonStrictParameters };

/**
 * `strict` and `parameters` of the tool's OpenAI function, as the package's tool files ship it (the
 * manifest's `lowering.openAiStrict`), to spread into @openai/agents `tool<OpenAiToolParameters>()`. The tool's
 * `execute` checks the arguments with handleToolCall, which drops the nulls strict mode sends.
 */
export function openAiParameters<I>(schema: ToolStandardSchema<I>): OpenAiParameters {
  const lowered = lowerOpenAiStrict(schema["~standard"].jsonSchema.input({ target: "draft-2020-12" }));
  if (lowered.strict) return { strict: true, parameters: strictParameters(schema) };
  // A schema without listed parameters gets the empty list the type asks for; absent keys mean the same.
  const parameters = { properties: {}, required: [], additionalProperties: true, ...lowered.schema };
  return { strict: false, parameters: parameters as unknown as NonStrictParameters };
}
