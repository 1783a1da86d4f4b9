// Issue constructors for the generated validators: the messages live here once instead of in
// every generated package, and each call site stays a single short line.
import type { FormatName } from "../formats.js";
import { LazyIssue } from "./lazy-issue.js";
import { describeValue, keyPointer, type ValidationIssue } from "../validation.js";

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

/**
 * The own enumerable properties of `value` (what JSON.stringify sends) on a null-prototype object,
 * where reading a missing name finds nothing, whatever was added to Object.prototype. Generated
 * validators check this copy instead of an input whose values do not all come from its own keys.
 */
export function ownProperties(value: object): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, value);
}

/**
 * Object.hasOwn as generated validators call it: in their unknown-key branch and for every field of a
 * request body. hasOwnProperty.call, which V8 runs several times faster than Object.hasOwn.
 */
export function isOwnKey(value: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

// Each constructor passes a module-level builder and its arguments: no closure or string is made
// until the message is read (see lazy-issue.ts).
const notObject = (value: unknown): string => `input must be an object, got ${describeValue(value)}`;

export function issueNotObject(value: unknown): ValidationIssue {
  return new LazyIssue("", "invalid_type", notObject, value, undefined, undefined);
}

const unreadable = (error: unknown): string => `input could not be read: ${describeThrown(error)}`;

export function issueUnreadable(error: unknown): ValidationIssue {
  return new LazyIssue("", "invalid_type", unreadable, error, undefined, undefined);
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

function unknownParameter(key: string, known: readonly string[]): string {
  let hint = unknownParameterHints.get(known);
  if (hint === undefined) {
    hint = known.length === 0 ? "this tool takes no parameters" : `expected one of ${known.join(", ")}`;
    unknownParameterHints.set(known, hint);
  }
  return `unknown parameter "${key}": ${hint}`;
}

export function issueUnknownParameter(key: string, known: readonly string[]): ValidationIssue {
  return new LazyIssue(keyPointer(key), "unknown_parameter", unknownParameter, key, known, undefined);
}

const MAX_THROWN_LENGTH = 200;

function cut(text: string): string {
  return text.length > MAX_THROWN_LENGTH ? `${text.slice(0, MAX_THROWN_LENGTH)}…` : text;
}

function unknownTool(name: unknown, server: string, known: readonly string[]): string {
  const wanted = typeof name === "string" ? name.toLowerCase().replace(`${server.toLowerCase()}.`, "") : undefined;
  const close = wanted === undefined ? undefined : known.find((tool) => tool.toLowerCase() === wanted);
  const hint =
    close === undefined
      ? `; it has ${known.length} tools, such as ${known.slice(0, 3).join(", ")}`
      : `; did you mean ${close}?`;
  const label = typeof name === "string" ? describeValue(name) : `name ${describeValue(name)}`;
  return `unknown tool ${label} for ${server}${hint}`;
}

/** `name` is typed unknown: callers from plain JavaScript pass anything, and this must not throw. */
export function issueUnknownTool(name: unknown, server: string, known: readonly string[]): ValidationIssue {
  return new LazyIssue("", "unknown_tool", unknownTool, name, server, known);
}

const required = (name: string): string => `${name} is required`;

export function issueRequired(path: string, name: string): ValidationIssue {
  return new LazyIssue(path, "required", required, name, undefined, undefined);
}

const requiredOnExecute = (name: string, executeValue: string): string =>
  `${name} is required when mode is ${executeValue}`;

export function issueRequiredOnExecute(path: string, name: string, executeValue: string): ValidationIssue {
  return new LazyIssue(path, "required_on_execute", requiredOnExecute, name, executeValue, undefined);
}

const requiredWhen = (name: string, when: string, equals: string): string =>
  `${name} is required when ${when} is ${equals}`;

export function issueRequiredWhen(path: string, name: string, when: string, equals: string): ValidationIssue {
  return new LazyIssue(path, "required_when", requiredWhen, name, when, equals);
}

const requires = (name: string, given: string): string => `${name} is required when ${given} is given`;

export function issueRequires(path: string, name: string, given: string): ValidationIssue {
  return new LazyIssue(path, "requires", requires, name, given, undefined);
}

const wrongType = (name: string, expected: string, value: unknown): string =>
  `${name} must be ${expected}, got ${describeValue(value)}`;

export function issueType(path: string, name: string, expected: string, value: unknown): ValidationIssue {
  return new LazyIssue(path, "invalid_type", wrongType, name, expected, value);
}

const tooSmall = (name: string, minimum: number, value: number): string =>
  `${name} must be at least ${minimum}, got ${value}`;

export function issueTooSmall(path: string, name: string, minimum: number, value: number): ValidationIssue {
  return new LazyIssue(path, "too_small", tooSmall, name, minimum, value);
}

const tooBig = (name: string, maximum: number, value: number): string =>
  `${name} must be at most ${maximum}, got ${value}`;

export function issueTooBig(path: string, name: string, maximum: number, value: number): ValidationIssue {
  return new LazyIssue(path, "too_big", tooBig, name, maximum, value);
}

const notInEnum = (name: string, values: readonly string[], value: unknown): string =>
  `${name} must be one of ${values.join(", ")}, got ${describeValue(value)}`;

export function issueEnum(path: string, name: string, values: readonly string[], value: unknown): ValidationIssue {
  return new LazyIssue(path, "invalid_enum", notInEnum, name, values, value);
}

/** Formats whose values are credentials: a message says how long the value is, never what it is. */
const credentialFormats: ReadonlySet<FormatName> = new Set(["bearer", "jwt"]);

const wrongFormat = (name: string, format: FormatName, value: string): string =>
  `${name} must be ${formatDescriptions[format]}, got ` +
  `${credentialFormats.has(format) ? `a string of ${value.length} characters` : describeValue(value)}`;

export function issueFormat(path: string, name: string, format: FormatName, value: string): ValidationIssue {
  return new LazyIssue(path, "invalid_format", wrongFormat, name, format, value);
}

const keyNoun = (count: number): string => (count === 1 ? "key" : "keys");
const tooManyKeys = (name: string, maximum: number, count: number): string =>
  `${name} must have at most ${maximum} ${keyNoun(maximum)}, got ${count}`;

export function issueTooManyKeys(path: string, name: string, maximum: number, count: number): ValidationIssue {
  return new LazyIssue(path, "too_many_keys", tooManyKeys, name, maximum, count);
}

const tooFewKeys = (name: string, minimum: number, count: number): string =>
  `${name} must have at least ${minimum} ${keyNoun(minimum)}, got ${count}`;

export function issueTooFewKeys(path: string, name: string, minimum: number, count: number): ValidationIssue {
  return new LazyIssue(path, "too_few_keys", tooFewKeys, name, minimum, count);
}

/**
 * Adds an issue to a validator's list, making the list with the first. Most invalid inputs have one
 * issue, and a one-item literal costs about half of `[]` then `push` (which reserves 17 slots).
 */
export function addIssue(issues: ValidationIssue[] | undefined, issue: ValidationIssue): ValidationIssue[] {
  if (issues === undefined) return [issue];
  issues.push(issue);
  return issues;
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
      : `and more issues: checking stopped after ${MAX_ISSUES}, ${uncounted} array ` +
        `item${uncounted === 1 ? "" : "s"} not checked`;
  return [...issues.slice(0, MAX_ISSUES), new LazyIssue("", "too_many_issues", String, more, undefined, undefined)];
}
