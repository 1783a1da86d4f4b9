// Turns whatever a transport or handler threw into a toolcat error whose every readable surface
// (message, stack, cause chain, extra properties, util.inspect, JSON.stringify, String()) has
// passed through `clean`, the redaction of every secret and API key in play.
import { ToolcatError, UnexpectedError } from "./errors.js";
import { describeThrown } from "./issues.js";

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
  const value = key === "cause" ? scrubCause(descriptor.value, toolName, clean, depth) : scrubValue(descriptor.value, clean, depth);
  if (value === undefined && descriptor.value !== undefined) Reflect.deleteProperty(error, key);
  else Reflect.defineProperty(error, key, { ...descriptor, value });
}

function scrubCause(cause: unknown, toolName: string, clean: Clean, depth: number): unknown {
  return depth >= MAX_DEPTH ? undefined : scrubError(cause, toolName, clean, depth + 1);
}

/** Strings are cleaned, arrays and plain records copied clean; anything else is dropped. */
function scrubValue(value: unknown, clean: Clean, depth: number): unknown {
  if (typeof value === "string") return clean(value);
  if (value === null || typeof value !== "object") return typeof value === "function" || typeof value === "symbol" ? undefined : value;
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
