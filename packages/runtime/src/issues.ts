// Issue constructors for the generated validators: the messages live here once instead of in
// every generated package, and each call site stays a single short line.
import type { FormatName } from "./formats.js";
import { describeValue, pointer, type ValidationIssue } from "./validation.js";

/** How each format reads in a message ("must be a YYYY-MM-DD date"). */
export const formatDescriptions: Readonly<Record<FormatName, string>> = {
  date: "a YYYY-MM-DD date",
  "date-time": "an ISO 8601 date-time with offset (2024-05-01T12:00:00Z)",
  url: "an http(s) URL",
  uri: "an absolute URI",
  "column-letters": "column letters (A, AB)",
  column: "column letters or a 1-based column number",
  csv: "a comma-separated list",
  json: "stringified JSON",
  "cell-data": 'stringified cell data: {"<row>": {"<column letters>": value}}',
  bearer: "`Bearer <token>`",
  jwt: "a JWT",
};

/** A non-array object: what JSON Schema calls an object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function issueNotObject(value: unknown): ValidationIssue {
  return { path: "", code: "invalid_type", message: `input must be an object, got ${describeValue(value)}` };
}

export function issueUnreadable(error: unknown): ValidationIssue {
  return { path: "", code: "invalid_type", message: `input could not be read: ${error instanceof Error ? error.message : String(error)}` };
}

export function issueUnknownParameter(key: string, known: readonly string[]): ValidationIssue {
  const hint = known.length === 0 ? "this tool takes no parameters" : `expected one of ${known.join(", ")}`;
  return { path: pointer(key), code: "unknown_parameter", message: `unknown parameter "${key}": ${hint}` };
}

export function issueUnknownTool(name: string, server: string, known: readonly string[]): ValidationIssue {
  const close = known.find((tool) => tool.toLowerCase() === name.toLowerCase().replace(`${server.toLowerCase()}.`, ""));
  return {
    path: "",
    code: "unknown_tool",
    message: `unknown tool "${name}" for ${server}${close === undefined ? `; it has ${known.length} tools, such as ${known.slice(0, 3).join(", ")}` : `; did you mean ${close}?`}`,
  };
}

export function issueRequired(path: string, name: string): ValidationIssue {
  return { path, code: "required", message: `${name} is required` };
}

export function issueRequiredOnExecute(path: string, name: string, executeValue: string): ValidationIssue {
  return { path, code: "required_on_execute", message: `${name} is required when mode is ${executeValue}` };
}

export function issueRequiredWhen(path: string, name: string, when: string, equals: string): ValidationIssue {
  return { path, code: "required_when", message: `${name} is required when ${when} is ${equals}` };
}

export function issueRequires(path: string, name: string, given: string): ValidationIssue {
  return { path, code: "requires", message: `${name} is required when ${given} is given` };
}

export function issueType(path: string, name: string, expected: string, value: unknown): ValidationIssue {
  return { path, code: "invalid_type", message: `${name} must be ${expected}, got ${describeValue(value)}` };
}

export function issueTooSmall(path: string, name: string, minimum: number, value: number): ValidationIssue {
  return { path, code: "too_small", message: `${name} must be at least ${minimum}, got ${value}` };
}

export function issueTooBig(path: string, name: string, maximum: number, value: number): ValidationIssue {
  return { path, code: "too_big", message: `${name} must be at most ${maximum}, got ${value}` };
}

export function issueEnum(path: string, name: string, values: readonly string[], value: unknown): ValidationIssue {
  return { path, code: "invalid_enum", message: `${name} must be one of ${values.join(", ")}, got ${describeValue(value)}` };
}

export function issueFormat(path: string, name: string, format: FormatName, value: string): ValidationIssue {
  return { path, code: "invalid_format", message: `${name} must be ${formatDescriptions[format]}, got ${describeValue(value)}` };
}

export function issueTooManyKeys(path: string, name: string, maximum: number, count: number): ValidationIssue {
  return { path, code: "too_many_keys", message: `${name} must have at most ${maximum} key${maximum === 1 ? "" : "s"}, got ${count}` };
}

export function issueTooFewKeys(path: string, name: string, minimum: number, count: number): ValidationIssue {
  return { path, code: "too_few_keys", message: `${name} must have at least ${minimum} key${minimum === 1 ? "" : "s"}, got ${count}` };
}
