import { describe, expect, it } from "vitest";
import {
  addIssue,
  capIssues,
  describeThrown,
  issueFormat,
  issueRequired,
  issueUnknownTool,
  issueUnreadable,
  MAX_ISSUES,
} from "../../src/internal/issues.js";
import { describeValue, type ValidationIssue } from "../../src/validation.js";
import { revokedProxy } from "../support/hostile.js";

const throwing = (): never => {
  throw new Error("nested");
};

/** Values a getter or proxy trap may throw, none of which has a usable string form. */
const hostileThrown: [string, () => unknown][] = [
  ["a null-prototype object", () => Object.create(null)],
  ["an object whose toString throws", () => ({ toString: throwing })],
  ["an object whose Symbol.toPrimitive throws", () => ({ [Symbol.toPrimitive]: throwing })],
  ["an Error whose message getter throws", () => Object.defineProperty(new Error(), "message", { get: throwing })],
  ["an Error whose message is not a string", () => Object.assign(new Error(), { message: { toString: throwing } })],
  ["a revoked proxy", revokedProxy],
  [
    "a proxy whose every trap throws",
    () => new Proxy({}, { get: throwing, getPrototypeOf: throwing, ownKeys: throwing }),
  ],
  ["a symbol", () => Symbol("s")],
  ["undefined", () => undefined],
  ["a function", () => throwing],
];

describe("issueUnreadable", () => {
  it.each(hostileThrown)("never throws for %s", (_, make) => {
    const issue = issueUnreadable(make());
    expect(issue).toMatchObject({ path: "", code: "invalid_type" });
    expect(issue.message).toMatch(/^input could not be read: \S/);
  });

  it.each([
    [new Error("getter"), "getter"],
    ["plain text", "plain text"],
    [new TypeError("x".repeat(500)), `${"x".repeat(200)}…`],
  ])("keeps a readable message (%#)", (error, expected) => {
    expect(describeThrown(error)).toBe(expected);
  });
});

describe("describe", () => {
  it.each(hostileThrown)("never throws for %s", (_, make) => {
    expect(typeof describeValue(make())).toBe("string");
  });
});

describe("issueUnknownTool", () => {
  const known = ["GetSpreadsheet", "WriteToCell"];

  it.each([
    [
      "undefined",
      undefined,
      "unknown tool name undefined for CloudSheets; it has 2 tools, such as GetSpreadsheet, WriteToCell",
    ],
    ["null", null, "unknown tool name null for CloudSheets; it has 2 tools, such as GetSpreadsheet, WriteToCell"],
    ["123", 123, "unknown tool name 123 for CloudSheets; it has 2 tools, such as GetSpreadsheet, WriteToCell"],
    [
      "a symbol",
      Symbol("x"),
      "unknown tool name a symbol for CloudSheets; it has 2 tools, such as GetSpreadsheet, WriteToCell",
    ],
    [
      "a throwing toString",
      { toString: throwing },
      "unknown tool name an object for CloudSheets; it has 2 tools, such as GetSpreadsheet, WriteToCell",
    ],
    [
      "a revoked proxy",
      revokedProxy(),
      "unknown tool name an object for CloudSheets; it has 2 tools, such as GetSpreadsheet, WriteToCell",
    ],
    [
      "a differently cased name",
      "cloudsheets.getspreadsheet",
      'unknown tool "cloudsheets.getspreadsheet" for CloudSheets; did you mean GetSpreadsheet?',
    ],
  ] as [string, unknown, string][])("never throws for %s", (_, name, message) => {
    // The serialised form: a message is built when first read (lazy-issue.ts).
    expect(JSON.parse(JSON.stringify(issueUnknownTool(name, "CloudSheets", known)))).toEqual({
      path: "",
      code: "unknown_tool",
      message,
    });
  });
});

describe("addIssue", () => {
  // Lists of every length up to past the point where V8 grows a one-item list's backing store.
  it.each([0, 1, 2, 17, 18, 40])("adds to a list of %i issues in order, making the list with the first", (count) => {
    let list: ValidationIssue[] | undefined;
    const added = Array.from({ length: count + 1 }, (_, i) => issueRequired(`/${i}`, `p${i}`));
    for (const issue of added) {
      const before = list;
      list = addIssue(list, issue);
      if (before !== undefined) expect(list).toBe(before);
    }
    expect(list).toHaveLength(added.length);
    added.forEach((issue, i) => expect(list?.[i]).toBe(issue));
  });
});

describe("capIssues", () => {
  const issues = (count: number) => Array.from({ length: count }, (_, i) => issueRequired(`/${i}`, `p${i}`));

  it.each([0, 1, MAX_ISSUES])("keeps %i issues as they are", (count) => {
    const list = issues(count);
    expect(capIssues(list)).toBe(list);
  });

  it.each([
    [MAX_ISSUES + 1, 0, "and 1 more issue"],
    [1_000_000, 0, "and 999900 more issues"],
    [MAX_ISSUES + 1, 41, `and more issues: checking stopped after ${MAX_ISSUES}, 41 array items not checked`],
  ])("cuts %i issues (%i uncounted) to the cap and one final issue", (count, uncounted, message) => {
    const capped = capIssues(issues(count), uncounted);
    expect(capped).toHaveLength(MAX_ISSUES + 1);
    expect(capped[MAX_ISSUES - 1]!.path).toBe(`/${MAX_ISSUES - 1}`);
    expect(JSON.parse(JSON.stringify(capped[MAX_ISSUES]))).toEqual({ path: "", code: "too_many_issues", message });
  });
});

describe("issueFormat", () => {
  it.each([
    ["bearer", "Basic sk_live_SUPERSECRET_0123456789"],
    ["jwt", "eyJhbGciOiJIUzI1NiJ9.secret-payload"],
  ] as const)("never repeats a %s credential, only its length", (format, value) => {
    const { message } = issueFormat("/token", "token", format, value);
    expect(message).toBe(
      `token must be ${format === "bearer" ? "`Bearer <token>`" : "a JWT"}, got a string of ${value.length} characters`,
    );
    expect(message).not.toContain("SECRET");
    expect(message).not.toContain("secret");
  });

  it("shows other values", () => {
    expect(issueFormat("/d", "d", "date", "2024-13-01").message).toBe('d must be a YYYY-MM-DD date, got "2024-13-01"');
  });
});
