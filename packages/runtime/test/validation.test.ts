import { describe, expect, it } from "vitest";
import { issueUnknownParameter } from "../src/internal/issues.js";
import { describeValue, keyPointer, pointer } from "../src/validation.js";

describe("pointer", () => {
  it.each([
    [[], ""],
    [["a"], "/a"],
    [["a", 0, "b"], "/a/0/b"],
    [["a/b"], "/a~1b"],
    [["m~n"], "/m~0n"],
    [["~/"], "/~0~1"],
    [["~1"], "/~01"],
    [[""], "/"],
  ] as [(string | number)[], string][])("%j → %j", (segments, expected) => {
    expect(pointer(...segments)).toBe(expected);
  });

  it.each(["a", "a/b", "m~n", "~/", "", "ä/€", "x".repeat(300)])("keyPointer(%j) is pointer of one key", (key) => {
    expect(keyPointer(key)).toBe(pointer(key));
  });

  it("is what issues use for parameter names", () => {
    expect(issueUnknownParameter("a/b~c", ["x"]).path).toBe("/a~1b~0c");
  });
});

describe("describeValue", () => {
  it.each([
    [5000, "5000"],
    [-1.5, "-1.5"],
    ["abc", '"abc"'],
    ['say "hi"', '"say \\"hi\\""'],
    [[1, 2], "an array"],
    [null, "null"],
    [{ a: 1 }, "an object"],
    [true, "true"],
    [false, "false"],
    [undefined, "undefined"],
    [10n, "10n"],
  ] as [unknown, string][])("%s → %s", (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });

  it("truncates long strings", () => {
    const text = describeValue("x".repeat(100));
    expect(text).toBe(`"${"x".repeat(40)}"…`);
  });
});
