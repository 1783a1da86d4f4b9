// Property-style checks of the one escaping path: random strings of every kind, including what
// `lint` rejects (controls, lone surrogates, line separators), so the escapes hold on their own.
import { describe, expect, it } from "vitest";
import {
  docText,
  jsonLiteral,
  markdownCode,
  markdownText,
  propertyKey,
  stringLiteral,
} from "../../../src/emit/core/escape.ts";
import { anyString, hostileString, seededRandom } from "../hostile-text.ts";

const random = seededRandom(0x5eed);
const samples = Array.from({ length: 3000 }, (_, i) => (i % 2 === 0 ? anyString(random) : hostileString(random)));
// Evaluates a JS expression the escapes produced, with nothing in scope.
const evaluate = (expression: string): unknown => new Function(`"use strict"; return (${expression});`)();

describe("docText", () => {
  it.each([["*\0/"], ["*\x7f/"], ["*\x1b/"], ["*\u200b/"], ["*\ud800/"], ["*\u202e/"], ["**/"], ["*/*/"]])(
    "never yields a terminator from %j",
    (text) => {
      expect(docText(text)).not.toContain("*/");
    },
  );

  it("never contains a comment terminator, a raw line separator or a control character", () => {
    for (const text of samples) {
      const doc = docText(text);
      expect(doc, JSON.stringify(text)).not.toContain("*/");
      expect(doc, JSON.stringify(text)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/);
    }
  });

  it("keeps a tag-like line start from becoming a JSDoc tag", () => {
    expect(docText("x\n  @deprecated")).toBe("x\n  \\@deprecated");
  });
});

describe("stringLiteral and jsonLiteral", () => {
  it("evaluate back to the input and hold no line terminator or `</`", () => {
    for (const text of samples) {
      const literal = stringLiteral(text);
      expect(evaluate(literal), JSON.stringify(text)).toBe(text);
      expect(literal).not.toMatch(/[\n\r\u2028\u2029]|<\//);
    }
  });

  it("give own `__proto__` keys, exactly as JSON.parse does", () => {
    const json = '{"a":{"__proto__":{"polluted":true},"b":[1,"</script>",null]}}';
    const value: unknown = JSON.parse(json);
    const built = evaluate(jsonLiteral(value, 2)) as { a: object };
    expect(built).toEqual(value);
    expect(Object.getPrototypeOf(built.a)).toBe(Object.prototype);
    expect(Object.keys(built.a)).toEqual(["__proto__", "b"]);
    expect(evaluate(jsonLiteral(value))).toEqual(value);
    expect(jsonLiteral(value)).toBe(json.replace('"__proto__"', '["__proto__"]').replace("</", "<\\/"));
  });

  it("make property keys that define own properties", () => {
    for (const name of ["__proto__", "constructor", "a b", "*/", ...samples.slice(0, 200)]) {
      const object = evaluate(`{ ${propertyKey(name)}: 1 }`) as object;
      expect(Object.hasOwn(object, name), JSON.stringify(name)).toBe(true);
    }
  });
});

describe("markdownText", () => {
  it("keeps every line break, HTML tag, table pipe and block start out", () => {
    for (const text of samples) {
      const md = markdownText(text);
      expect(md, JSON.stringify(text)).not.toMatch(/[\n\r\u2028\u2029<>]|(^|[^\\])\|/);
      expect(md, JSON.stringify(text)).not.toMatch(/^(#|>|-|\+|=|\d+[.)]| {4}|\t)/);
    }
  });

  it.each([
    ["# heading", "\\# heading"],
    ["- item", "\\- item"],
    ["12. item", "12\\. item"],
    ["a\n\n# b", "a  \\# b"],
    ["<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"],
    ["a | b", "a \\| b"],
    ["&amp;", "&amp;amp;"],
  ])("escapes %j", (text, expected) => {
    expect(markdownText(text)).toBe(expected);
  });
});

describe("markdownCode", () => {
  it.each([
    ["plain", "`plain`"],
    ["a`b", "``a`b``"],
    ["`x`", "`` `x` ``"],
    ["a``b`", "``` a``b` ```"],
    ["a|b", "`a\\|b`"],
    ["x\n# y", "`x # y`"],
  ])("fences %j", (text, expected) => {
    expect(markdownCode(text)).toBe(expected);
  });

  it("always uses a fence longer than any backtick run inside, on one line", () => {
    for (const text of samples) {
      const code = markdownCode(text);
      const fence = /^`+/.exec(code)?.[0] ?? "";
      const inside = code.slice(fence.length, code.length - fence.length);
      const longest = Math.max(0, ...(inside.match(/`+/g) ?? []).map((run) => run.length));
      expect(longest, JSON.stringify(text)).toBeLessThan(fence.length);
      expect(code).not.toMatch(/[\n\r\u2028\u2029]/);
    }
  });
});
