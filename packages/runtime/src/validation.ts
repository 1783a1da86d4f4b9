// The result shape of generated validators and the helpers their messages share. Dependency-free:
// the generators load internal/issues.ts, which imports this file, by relative path.

/** Every code an issue constructor in internal/issues.ts produces. */
export type IssueCode =
  | "invalid_type"
  | "unknown_parameter"
  | "unknown_tool"
  | "required"
  | "required_on_execute"
  | "required_when"
  | "requires"
  | "too_small"
  | "too_big"
  | "invalid_enum"
  | "invalid_format"
  | "too_many_keys"
  | "too_few_keys"
  | "not_multiple_of"
  | "pattern_mismatch"
  | "duplicate_items"
  | "not_allowed"
  | "too_many_issues";

export interface ValidationIssue {
  /** RFC 6901 JSON pointer to the offending value; "" is the whole input. */
  readonly path: string;
  readonly code: IssueCode;
  readonly message: string;
}

export type ValidationResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/** `pointer(key)` for one key, without the rest-array: the unknown-parameter path of every invalid call. */
export function keyPointer(key: string): string {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === 0x7e || c === 0x2f) return pointer(key); // `~` or `/`: escaped
  }
  return `/${key}`;
}

/** Builds an RFC 6901 JSON pointer; `~` and `/` inside a segment are escaped as `~0` and `~1`. */
export function pointer(...segments: readonly (string | number)[]): string {
  let result = "";
  for (const segment of segments) {
    const text = String(segment);
    // Most keys need no escaping; skip the two replaces on the hot path of invalid inputs.
    result +=
      text.includes("~") || text.includes("/") ? `/${text.replace(/~/g, "~0").replace(/\//g, "~1")}` : `/${text}`;
  }
  return result;
}

/** Strings longer than this are cut in messages, so one huge argument cannot flood a log. */
const MAX_STRING_LENGTH = 40;

const PLAIN_ASCII = /^[ !#-[\]-~]*$/;

/** A value as it reads after "got" in a message: `5000`, `"abc"`, `an array`, `null`. Never throws. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (isArraySafely(value)) return "an array";
  if (typeof value === "string") {
    // Short printable ASCII without quotes or backslashes reads the same as its JSON form.
    if (value.length <= MAX_STRING_LENGTH && PLAIN_ASCII.test(value)) return `"${value}"`;
    return value.length > MAX_STRING_LENGTH
      ? `${JSON.stringify(value.slice(0, MAX_STRING_LENGTH))}…`
      : JSON.stringify(value);
  }
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "object") return "an object";
  if (typeof value === "function") return "a function";
  if (typeof value === "symbol") return "a symbol";
  return String(value); // number, boolean, undefined
}

/** Array.isArray, except that a revoked proxy (on which it throws) is not an array. */
function isArraySafely(value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}
