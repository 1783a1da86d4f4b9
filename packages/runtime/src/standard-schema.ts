// Any tool validator as a Standard Schema v1 object that also implements Standard JSON Schema, so
// libraries that take one (the AI SDK, TanStack AI, LangChain and others) accept it directly.
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { convertSchema, type JsonSchemaObject } from "./schema-targets.js";
import type { ValidationIssue, ValidationResult } from "./validation.js";

export type ToolStandardSchema<I> = StandardSchemaV1<I, I> & StandardJSONSchemaV1<I, I>;
type Props<I> = StandardSchemaV1.Props<I, I> & StandardJSONSchemaV1.Props<I, I>;

/**
 * Wraps a toolcat validator and the tool's inputSchema (or a function giving it, called when a JSON
 * Schema is first asked for). `validate` never throws and returns issues with paths as key segments;
 * `jsonSchema.input`/`output` give the schema for `draft-2020-12`, `draft-07` or `openapi-3.0` and
 * throw for any other target.
 */
export function toStandardSchema<I>(
  validate: (input: unknown) => ValidationResult<I>,
  inputSchema: JsonSchemaObject | (() => JsonSchemaObject),
): ToolStandardSchema<I> {
  const schema = typeof inputSchema === "function" ? inputSchema : () => inputSchema;
  const toTarget = (options: StandardJSONSchemaV1.Options): Record<string, unknown> =>
    convertSchema(schema(), options.target);
  const props: Props<I> = {
    version: 1,
    vendor: "toolcat",
    validate: (value) => {
      const result = validate(value);
      return result.ok ? { value: result.value } : { issues: result.issues.map(standardIssue) };
    },
    // The validator returns its input unchanged, so input and output share one schema.
    jsonSchema: { input: toTarget, output: toTarget },
  };
  return { "~standard": props };
}

function standardIssue(issue: ValidationIssue): StandardSchemaV1.Issue {
  return { message: issue.message, path: pointerSegments(issue.path) };
}

/** RFC 6901 pointer to key segments: `/a~1b/0` is `["a/b", "0"]`. */
export function pointerSegments(path: string): string[] {
  if (path === "") return [];
  return path
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}
