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
  return { path: "", code: "invalid_type", message: `input could not be read: ${describeThrown(error)}` };
}

/**
 * What a getter or proxy trap threw, for a message. Never throws: the value may be a revoked proxy,
 * a null-prototype object, or an Error whose `message` getter or `toString` throws.
 */
export function describeThrown(error: unknown): string {
  try {
    if (typeof error === "string") return cut(error);
    if (error instanceof Error) {
      const { message } = error;
      if (typeof message === "string") return cut(message);
    }
  } catch {
    // Fall through to the shape of the value, which describeValue() reads without running user code.
  }
  return describeValue(error);
}

/** Hints by parameter list: generated validators pass one module-level array per tool, joined once here. */
const unknownParameterHints = new WeakMap<readonly string[], string>();

export function issueUnknownParameter(key: string, known: readonly string[]): ValidationIssue {
  let hint = unknownParameterHints.get(known);
  if (hint === undefined) {
    hint = known.length === 0 ? "this tool takes no parameters" : `expected one of ${known.join(", ")}`;
    unknownParameterHints.set(known, hint);
  }
  return { path: pointer(key), code: "unknown_parameter", message: `unknown parameter "${key}": ${hint}` };
}

const MAX_THROWN_LENGTH = 200;

function cut(text: string): string {
  return text.length > MAX_THROWN_LENGTH ? `${text.slice(0, MAX_THROWN_LENGTH)}…` : text;
}

/** `name` is typed unknown: callers from plain JavaScript pass anything, and this must not throw. */
export function issueUnknownTool(name: unknown, server: string, known: readonly string[]): ValidationIssue {
  const wanted = typeof name === "string" ? name.toLowerCase().replace(`${server.toLowerCase()}.`, "") : undefined;
  const close = wanted === undefined ? undefined : known.find((tool) => tool.toLowerCase() === wanted);
  const hint = close === undefined ? `; it has ${known.length} tools, such as ${known.slice(0, 3).join(", ")}` : `; did you mean ${close}?`;
  const label = typeof name === "string" ? describeValue(name) : `name ${describeValue(name)}`;
  return { path: "", code: "unknown_tool", message: `unknown tool ${label} for ${server}${hint}` };
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

/** How many issues a validation result lists at most; the rest are counted in one final issue. */
export const MAX_ISSUES = 100;

/**
 * The issues, cut to MAX_ISSUES plus one final `too_many_issues` issue counting the rest, so a huge
 * or sparse array cannot produce a million issues. Validators stop walking an array once they
 * have more than MAX_ISSUES, passing the number of array items left unchecked as `uncounted`.
 */
export function capIssues(issues: readonly ValidationIssue[], uncounted = 0): readonly ValidationIssue[] {
  const rest = issues.length - MAX_ISSUES;
  if (rest <= 0 && uncounted === 0) return issues;
  const more =
    uncounted === 0
      ? `and ${rest} more issue${rest === 1 ? "" : "s"}`
      : `and more issues: checking stopped after ${MAX_ISSUES}, ${uncounted} array item${uncounted === 1 ? "" : "s"} not checked`;
  return [...issues.slice(0, MAX_ISSUES), { path: "", code: "too_many_issues", message: more }];
}
