// isJson reads JSON text without parsing it; it must accept exactly what JSON.parse accepts. Table
// cases cover each piece of the grammar, and seeded random texts (tokens of JSON and near-JSON,
// and single-character edits of valid documents) compare the two on thousands of inputs.
import { describe, expect, it } from "vitest";
import { isJson, parseJson } from "../src/formats.js";

const parses = (text: string): boolean => parseJson(text) !== undefined;

describe("isJson", () => {
  it.each([
    // values and whitespace
    ["null", true],
    [" \t\n\r1 \r\n", true],
    ["\u00a01", false],
    ["\ufeff{}", false],
    ["1 2", false],
    ["", false],
    ["  ", false],
    ["tru", false],
    ["nul", false],
    ["falsey", false],
    ["True", false],
    // numbers
    ["-0", true],
    ["0.5e-7", true],
    ["1E+5", true],
    ["01", false],
    ["-", false],
    ["1.", false],
    [".5", false],
    ["1e", false],
    ["1e+", false],
    ["+1", false],
    ["-a", false],
    ["0x10", false],
    ["Infinity", false],
    ["NaN", false],
    // strings
    ['""', true],
    ['"\\"\\\\\\/\\b\\f\\n\\r\\t"', true],
    ['"\\u00e9\\uABCD"', true],
    ['"\ud800 lone surrogate \u2028"', true],
    ['"\\u00g0"', false],
    ['"\\u12"', false],
    ['"\\x41"', false],
    ['"\\\'"', false],
    ['"tab\there"', false],
    ['"line\nbreak"', false],
    ['"unterminated', false],
    ['"\\"', false],
    ["'single'", false],
    // containers
    ["[]", true],
    ["[ ]", true],
    ["{ }", true],
    ['{"a":[1,{"b":null}],"c":"d"}', true],
    ['{ "a" : 1 , "b" : [ true , false ] }', true],
    ["[1,]", false],
    ["[,1]", false],
    ['{"a":1,}', false],
    ['{"a" 1}', false],
    ["{a:1}", false],
    ['{"a":}', false],
    ['{1:"a"}', false],
    ["[1}", false],
    ['{"a":1]', false],
    ["[", false],
    ["]", false],
    ["[[]]]", false],
    ["{}{}", false],
  ])("%j: %s, as JSON.parse says", (text, expected) => {
    expect(parses(text)).toBe(expected);
    expect(isJson(text)).toBe(expected);
  });

  it.each([
    ["arrays", "[", "]"],
    ["objects", '{"k":', "}"],
    ["mixed", '[{"k":', "}]"],
  ])("reads %s nested 100,000 deep without recursion", (_label, open, close) => {
    const text = open.repeat(100_000) + "0" + close.repeat(100_000);
    expect(isJson(text)).toBe(parses(text));
    expect(isJson(text)).toBe(true);
    expect(isJson(text.slice(0, -1))).toBe(false);
  });

  it("tells objects from arrays past the levels it keeps as bits", () => {
    for (let depth = 25; depth < 40; depth++) {
      const open = Array.from({ length: depth }, (_, i) => (i % 3 === 0 ? "[" : '{"k":')).join("");
      const close = Array.from({ length: depth }, (_, i) => (i % 3 === 0 ? "]" : "}"))
        .reverse()
        .join("");
      expect(isJson(`${open}1${close}`), `depth ${depth}`).toBe(true);
      // Swapping the innermost closer for the other kind must fail at every depth.
      const swapped = (close[0] === "]" ? "}" : "]") + close.slice(1);
      expect(isJson(`${open}1${swapped}`), `depth ${depth}, swapped`).toBe(false);
    }
  });

  // A fixed seed: every run checks the same texts, and a failure names the text.
  let seed = 20261128;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const tokens = [
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    " ",
    "\n",
    "\t",
    '"',
    '"a"',
    '"\\u00e9"',
    '"\\',
    "\\n",
    "0",
    "1",
    "-",
    ".",
    "e",
    "E",
    "+",
    "12",
    "true",
    "false",
    "null",
    "nul",
    "x",
    "'",
    "\u0001",
    "\u00a0",
    "é",
  ];
  const documents = ['{"a":[1,2.5e3,{"b":null}],"c":"d\\n"}', '[true,false,-0.1,"x"]', '{"k":{"k":{"k":[]}}}'];

  it("agrees with JSON.parse on 20,000 random token strings", () => {
    const texts = Array.from({ length: 20_000 }, () =>
      Array.from({ length: 1 + random(8) }, () => tokens[random(tokens.length)]).join(""),
    );
    expect(texts.filter((text) => isJson(text) !== parses(text))).toEqual([]);
    // The sample holds both verdicts, or it would prove nothing.
    expect(texts.some(parses)).toBe(true);
    expect(texts.some((text) => !parses(text))).toBe(true);
  });

  it("agrees with JSON.parse on every one-character edit of valid documents", () => {
    const edits = documents.flatMap((doc) =>
      Array.from({ length: doc.length }, (_, i) => [
        doc.slice(0, i) + doc.slice(i + 1),
        ...tokens.slice(0, 12).map((token) => doc.slice(0, i) + token + doc.slice(i + 1)),
      ]).flat(),
    );
    expect(edits.filter((text) => isJson(text) !== parses(text))).toEqual([]);
  });

  it("answers for a non-string from plain JavaScript as JSON.parse of its text would, without throwing", () => {
    expect(isJson(5 as unknown as string)).toBe(true);
    expect(isJson(undefined as unknown as string)).toBe(false);
  });
});
