// Issue builders for request bodies checked against a captured schema. A body's fields are named
// by their JSON pointer (`/request_body/items/0/sku`), which is also the issue's path.
import { describeValue, type ValidationIssue } from "../validation.js";

/** A key the body's schema does not allow (additionalProperties false). */
export function issueUnknownField(path: string, key: string, known: readonly string[]): ValidationIssue {
  const hint = known.length === 0 ? "this object takes no fields" : `expected one of ${known.join(", ")}`;
  return { path, code: "unknown_parameter", message: `unknown field ${describeValue(key)}: ${hint}` };
}

/** A string or array outside its length bounds; `unit` is characters or items. */
export function issueLength(
  path: string,
  unit: "characters" | "items",
  bound: "at least" | "at most",
  limit: number,
  length: number,
): ValidationIssue {
  const code = bound === "at least" ? "too_small" : "too_big";
  return { path, code, message: `${path} must have ${bound} ${limit} ${unit}, got ${length}` };
}

/** A value matching the wrong number of a oneOf's (exactly one) or anyOf's (at least one) schemas. */
export function issueNoMatch(path: string, kind: "oneOf" | "anyOf", matched: number, value: unknown): ValidationIssue {
  const wanted = kind === "oneOf" ? "exactly one" : "at least one";
  return {
    path,
    code: "invalid_type",
    message: `${path} must match ${wanted} of its schemas (${kind}), matched ${matched}: got ${describeValue(value)}`,
  };
}

/** A number not strictly beyond an exclusive bound (exclusiveMinimum, exclusiveMaximum). */
export function issueExclusive(
  path: string,
  relation: "greater than" | "less than",
  limit: number,
  value: number,
): ValidationIssue {
  return {
    path,
    code: relation === "greater than" ? "too_small" : "too_big",
    message: `${path} must be ${relation} ${limit}, got ${value}`,
  };
}

/** A number that is not a multiple of `multipleOf`. */
export function issueNotMultiple(path: string, divisor: number, value: number): ValidationIssue {
  return { path, code: "not_multiple_of", message: `${path} must be a multiple of ${divisor}, got ${value}` };
}

/** A string that does not match the schema's `pattern` (shown as JSON, so escapes read plainly). */
export function issuePattern(path: string, pattern: string, value: string): ValidationIssue {
  return {
    path,
    code: "pattern_mismatch",
    message: `${path} must match the pattern ${JSON.stringify(pattern)}, got ${describeValue(value)}`,
  };
}

/** Two equal items where `uniqueItems` forbids it. */
export function issueDuplicateItems(path: string, first: number, second: number): ValidationIssue {
  return {
    path,
    code: "duplicate_items",
    message: `${path} must not repeat an item: items ${first} and ${second} are equal`,
  };
}

/** A value the schema rules out: `false`, a matching `not`, too few or too many items matching `contains`. */
export function issueNotAllowed(path: string, reason: string, value: unknown): ValidationIssue {
  return { path, code: "not_allowed", message: `${path} ${reason}: got ${describeValue(value)}` };
}
