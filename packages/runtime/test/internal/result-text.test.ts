// The words a model reads back from a call, whichever route made it: each toolcat error reads the
// same whether it is this runtime's class or a copy of it (another bundle's runtime, known only by
// its code and fields), anything else reads as a failure of the tool, and nothing here throws.
import { describe, expect, it } from "vitest";
import {
  AuthorizationRequiredError,
  MissingSecretError,
  TimeoutError,
  ToolExecutionError,
  TransportError,
  ValidationError,
} from "../../src/errors.js";
import { answerText, failureText, toolcatCode } from "../../src/internal/result-text.js";
import type { ValidationIssue } from "../../src/validation.js";

const label = "Sheets.GetSheet";
const issues: ValidationIssue[] = [{ path: "/row", code: "too_small", message: "row must be at least 1, got 0" }];

/** The same error as another copy of the runtime would throw it: a plain Error with the class's own fields. */
function foreignCopy(error: Error): Error {
  const copy = new Error(error.message);
  for (const [key, value] of Object.entries(error)) Object.defineProperty(copy, key, { value, enumerable: true });
  return copy;
}

const cases: readonly [string, Error, string][] = [
  [
    "invalid arguments, each at its pointer",
    new ValidationError(label, issues),
    `Invalid arguments for ${label}:\n- /row: row must be at least 1, got 0\nFix these and call the tool again.`,
  ],
  [
    "authorization, with the URL and what to do",
    new AuthorizationRequiredError(label, "https://auth.example.com/a?b=1", "pending"),
    `${label} needs the user's authorization. Ask the user to open https://auth.example.com/a?b=1 and then call ` +
      "the tool again.",
  ],
  [
    "a tool failure that may pass on retry",
    new ToolExecutionError(label, "sheet is locked", true),
    `${label} failed: sheet is locked Calling again may succeed.`,
  ],
  [
    "a tool failure that will not",
    new ToolExecutionError(label, "no such sheet", false),
    `${label} failed: no such sheet Calling again with the same arguments will not help.`,
  ],
  [
    "a missing secret, by name",
    new MissingSecretError(label, ["MAIL_KEY"]),
    new MissingSecretError(label, ["MAIL_KEY"]).message,
  ],
  ["a timeout", new TimeoutError(label, 5000), new TimeoutError(label, 5000).message],
  ["a transport failure", new TransportError("connection reset", { retryable: false }), "connection reset"],
];

describe("failureText", () => {
  it.each(cases)("%s", (_what, error, expected) => {
    expect(failureText(label, error)).toBe(expected);
    expect(failureText(label, foreignCopy(error))).toBe(expected);
  });

  it.each([
    ["an Error without a toolcat code", new Error("boom")],
    [
      "a platform error whose code is not toolcat's",
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    ],
    ["a string", "boom"],
    ["null", null],
  ])("names the tool for %s", (_what, error) => {
    expect(toolcatCode(error)).toBeUndefined();
    expect(failureText(label, error)).toMatch(new RegExp(`^${label.replace(".", "\\.")} failed: `));
  });

  it("never throws, whatever the error's getters do", () => {
    const hostile = new Proxy(new Error("x"), {
      get: () => {
        throw new Error("trap");
      },
      getPrototypeOf: () => {
        throw new Error("trap");
      },
    });
    expect(() => failureText(label, hostile)).not.toThrow();
    expect(toolcatCode(hostile)).toBeUndefined();
  });
});

describe("answerText", () => {
  it.each([
    ["a string as it is", "plain answer", "plain answer"],
    ["an object as compact JSON", { a: [1, 2] }, '{"a":[1,2]}'],
    ["null", null, "null"],
  ])("%s", (_what, value, expected) => {
    expect(answerText(value)).toBe(expected);
  });
});
