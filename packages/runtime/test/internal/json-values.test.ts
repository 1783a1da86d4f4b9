// codePointLength counts what `[...text].length` counts (JSON Schema's string length): pairs of
// surrogates as one code point, lone surrogates as one each, on tables and seeded random strings.
import { describe, expect, it } from "vitest";
import { codePointLength } from "../../src/internal/json-values.js";

describe("codePointLength", () => {
  it.each([
    ["", 0],
    ["abc", 3],
    ["é", 1],
    ["😀", 1],
    ["a😀b", 3],
    ["\ud83d", 1],
    ["\ude00", 1],
    ["\ude00\ud83d", 2],
    ["\ud83d\ud83d\ude00", 2],
    ["😀\ud83d", 2],
  ])("%j has %i code points", (text, expected) => {
    expect(codePointLength(text)).toBe(expected);
    expect([...text].length).toBe(expected);
  });

  it("agrees with spreading on 5,000 seeded random strings of surrogates and plain characters", () => {
    const units = [0x61, 0xe9, 0xd83d, 0xde00, 0xdbff, 0xdc00, 0xd800, 0xdfff, 0x20ac];
    let seed = 20261128;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const texts = Array.from({ length: 5000 }, () =>
      String.fromCharCode(...Array.from({ length: random(9) }, () => units[random(units.length)]!)),
    );
    expect(texts.filter((text) => codePointLength(text) !== [...text].length)).toEqual([]);
  });
});
