// Turns whatever a transport or handler threw into a toolcat error whose every readable surface
// (message, stack, cause chain, extra properties, util.inspect, JSON.stringify, String()) has
// passed through `clean`, the redaction of every secret and API key in play.
import { ToolcatError, UnexpectedError, ValidationError } from "../errors.js";
import { describeThrown } from "./issues.js";
import type { ValidationIssue } from "../validation.js";

export type Clean = (text: string) => string;

/** Nested errors and records deeper than this are dropped rather than walked. */
const MAX_DEPTH = 4;

/**
 * A toolcat error is scrubbed in place, so callers can still branch on its class; anything else is
 * replaced by an UnexpectedError built from redacted text only.
 */
export function scrubError(error: unknown, toolName: string, clean: Clean, depth = 0): ToolcatError {
  if (isToolcatError(error)) {
    for (const key of Reflect.ownKeys(error)) scrubProperty(error, key, toolName, clean, depth);
    return error;
  }
  return new UnexpectedError(toolName, clean(kindOf(error)), clean(describeThrown(error)));
}

/** A ValidationError built from cleaned text: input values echoed in issue messages may be secrets. */
export function redactedValidationError(
  toolName: string,
  issues: readonly ValidationIssue[],
  clean: Clean,
): ValidationError {
  return new ValidationError(clean(toolName), redactIssues(issues, clean));
}

/** Issue texts passed on are cut to this length, after cleaning: a key may be megabytes long. */
const MAX_ISSUE_TEXT = 1000;

/** Plain copies of the issues with path and message cleaned, then bounded. */
export function redactIssues(issues: readonly ValidationIssue[], clean: Clean): ValidationIssue[] {
  const bounded = (text: string): string => {
    const cleaned = clean(text);
    return cleaned.length > MAX_ISSUE_TEXT ? `${cleaned.slice(0, MAX_ISSUE_TEXT)}…` : cleaned;
  };
  return issues.map((issue) => ({ path: bounded(issue.path), code: issue.code, message: bounded(issue.message) }));
}

/** A JSON string token: outside strings, JSON text has no quote. */
const STRING_TOKEN = /"(?:[^"\\]|\\.)*"/g;

/**
 * The value as a model or MCP client receives it: its JSON, with every string (keys too) cleaned.
 * Never throws: a value JSON cannot hold (a BigInt, a cycle, a throwing getter or toJSON) gives
 * the cleaned reason instead.
 */
export function cleanJson(
  value: unknown,
  clean: Clean,
): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string } {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    return { ok: false, problem: clean(describeThrown(error)) };
  }
  if (text === undefined) return { ok: true, value: null };
  const cleaned = text.replace(STRING_TOKEN, (token) => {
    const string = JSON.parse(token) as string;
    const redacted = clean(string);
    return redacted === string ? token : JSON.stringify(redacted);
  });
  return { ok: true, value: JSON.parse(cleaned) as unknown };
}

function scrubProperty(error: ToolcatError, key: string | symbol, toolName: string, clean: Clean, depth: number): void {
  const descriptor = Reflect.getOwnPropertyDescriptor(error, key);
  if (descriptor === undefined) return;
  if (key === "stack" && !("value" in descriptor)) {
    // Some engines keep the stack behind an accessor; replace it by its cleaned text.
    Reflect.defineProperty(error, key, { value: readCleanStack(error, clean), writable: true, configurable: true });
    return;
  }
  if (!("value" in descriptor) || typeof key === "symbol") {
    // Accessors run code whose result cannot be vetted ahead of time.
    Reflect.deleteProperty(error, key);
    return;
  }
  const value =
    key === "cause" ? scrubCause(descriptor.value, toolName, clean, depth) : scrubValue(descriptor.value, clean, depth);
  if (value === undefined && descriptor.value !== undefined) Reflect.deleteProperty(error, key);
  else Reflect.defineProperty(error, key, { ...descriptor, value });
}

function scrubCause(cause: unknown, toolName: string, clean: Clean, depth: number): unknown {
  return depth >= MAX_DEPTH ? undefined : scrubError(cause, toolName, clean, depth + 1);
}

/** Strings are cleaned, arrays and plain records copied clean; anything else is dropped. */
function scrubValue(value: unknown, clean: Clean, depth: number): unknown {
  if (typeof value === "string") return clean(value);
  if (value === null || typeof value !== "object")
    return typeof value === "function" || typeof value === "symbol" ? undefined : value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, clean, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return undefined;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const scrubbed = scrubValue(item, clean, depth + 1);
    if (scrubbed !== undefined) copy[clean(key)] = scrubbed;
  }
  return Object.freeze(copy);
}

function readCleanStack(error: ToolcatError, clean: Clean): string | undefined {
  try {
    const { stack } = error;
    return typeof stack === "string" ? clean(stack) : undefined;
  } catch {
    return undefined;
  }
}

function isToolcatError(error: unknown): error is ToolcatError {
  try {
    return error instanceof ToolcatError;
  } catch {
    return false; // a revoked proxy
  }
}

/** `TypeError`, `AggregateError`, or the typeof of a thrown non-error. Never throws. */
function kindOf(error: unknown): string {
  try {
    if (error instanceof Error && typeof error.name === "string") return error.name;
  } catch {
    // A throwing name getter or a revoked proxy: report only its kind.
  }
  return error === null ? "null" : typeof error;
}
