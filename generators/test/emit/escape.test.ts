import { describe, expect, it } from "vitest";
import { docText } from "../../src/emit/escape.ts";

describe("docText", () => {
  it.each([
    ["*\0/", "*\\/"],
    ["*\x7f/", "*\\/"],
    ["*\x1b/", "*\\/"],
    ["*/", "*\\/"],
    ["a\u2028b", "a\nb"],
  ])("keeps %j from closing the comment", (input, expected) => {
    const text = docText(`see docs ${input} console.log('RAN'); /*`);
    expect(text).toBe(`see docs ${expected} console.log('RAN'); /*`);
    expect(text).not.toContain("*/");
  });
});
