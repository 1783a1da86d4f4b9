// A tool's Standard Schema for consumers that send every schema to OpenAI in strict mode: openai
// 7's standard-schema helpers (`standardFunction`, `standardResponsesFunction`) and
// @openai/agents `tool()` with `strict: true`. Both read `~standard.jsonSchema.input` and refuse
// what strict mode cannot express, so every target gives the OpenAI strict lowering (lowering/),
// and `validate` drops the nulls that form lets the model send, at its strict pointers only,
// before the full validator runs.
import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { executeView } from "./lowering/execute-view.js";
import type { DroppedKeyword } from "./lowering/lowered.js";
import { lowerOpenAiStrict } from "./lowering/openai-strict.js";
import { stripStrictNulls } from "./lowering/strict-nulls.js";
import { convertSchema, type JsonSchemaObject } from "./schema-targets.js";
import type { ToolStandardSchema } from "./standard-schema.js";
import { pointer } from "./validation.js";

/** What the strict form leaves out of the tool's full schema. */
export interface StrictLoss {
  /** Checks the strict form does not enforce; the full validator still checks them on every call. */
  readonly dropped: readonly DroppedKeyword[];
  /**
   * Argument pointers of objects whose keys the catalog leaves open (`""`: parameters not shown).
   * Strict mode cannot leave keys open, so the form closes them: the model can send no keys there.
   */
  readonly closed: readonly string[];
}

export type StrictStandardSchema<I> = ToolStandardSchema<I> & { readonly strictLoss: StrictLoss };

/**
 * `schema` as strict consumers need it, with what that form loses. Whatever the form does not
 * enforce is still checked: the arguments go to the package validator, whose issues (message and
 * path) reach the consumer.
 */
export function strictStandardSchema<I>(schema: ToolStandardSchema<I>): StrictStandardSchema<I> {
  const full = schema["~standard"];
  const { view, closed } = closeOpenObjects(executeView(full.jsonSchema.input({ target: "draft-2020-12" })));
  const lowered = lowerOpenAiStrict(view);
  // closeOpenObjects leaves no open object, so only a schema without `properties` is refused.
  const strict = lowered.strict
    ? lowered.schema
    : { type: "object", properties: {}, required: [], additionalProperties: false };
  const strictNulls = lowered.strict ? lowered.strictNulls : [];
  const toTarget = (options: StandardJSONSchemaV1.Options): Record<string, unknown> =>
    convertSchema(strict, options.target);
  return {
    "~standard": {
      ...full,
      validate: (value) => full.validate(stripStrictNulls(value, strictNulls)),
      jsonSchema: { input: toTarget, output: toTarget },
    },
    strictLoss: { dropped: lowered.dropped, closed: lowered.strict ? closed : [""] },
  };
}

/** The strict form's root: a closed object whose every parameter is required (nullable when optional). */
export interface StrictParameters {
  readonly type: "object";
  readonly properties: Readonly<Record<string, JsonSchemaObject>>;
  // Mutable: libraries type their parameters' `required` as a mutable array.
  readonly required: string[];
  readonly additionalProperties: false;
}

/**
 * The strict form's JSON Schema (2020-12) as plain parameters, typed as the closed object it is, for
 * libraries that take strict JSON Schema and leave the check to the tool (@openai/agents `tool()`:
 * its own check of a Standard Schema hides the issues from the model). The tool's `execute` then
 * checks the arguments with handleToolCall, which drops the strict nulls.
 */
export function strictParameters<I>(schema: ToolStandardSchema<I>): StrictParameters {
  // lowerOpenAiStrict (or the empty fallback above) gives exactly this shape.
  return strictStandardSchema(schema)["~standard"].jsonSchema.input({
    target: "draft-2020-12",
  }) as unknown as StrictParameters;
}

type Properties = Readonly<Record<string, JsonSchemaObject>>;

/** The view with each open object parameter (or array of them) given `maxProperties: 0`, which strict mode closes. */
function closeOpenObjects(view: JsonSchemaObject): { view: JsonSchemaObject; closed: string[] } {
  const properties = view["properties"] as Properties | undefined;
  if (properties === undefined) return { view, closed: [] };
  const closed: string[] = [];
  const close = (node: JsonSchemaObject, at: string): JsonSchemaObject => {
    if (node["type"] === "object" && node["maxProperties"] !== 0) {
      closed.push(at);
      return { ...node, maxProperties: 0 };
    }
    const items = node["items"];
    if (typeof items !== "object" || items === null || Array.isArray(items)) return node;
    return { ...node, items: close(items as JsonSchemaObject, `${at}/*`) };
  };
  const entries = Object.entries(properties).map(([name, property]) => [name, close(property, pointer(name))]);
  return { view: { ...view, properties: Object.fromEntries(entries) }, closed };
}
