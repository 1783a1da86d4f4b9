// Spec text checks on their own: strict UTF-8 decoding that finds the bad byte, and the characters
// rejected anywhere in a spec, with random inputs as well as the named classes.
import { describe, expect, it } from "vitest";
import { decodeSpec, forbiddenCharacters, maxSpecBytes, positionIn } from "../../src/loader/text.ts";

function randomBytes(seed: number, length: number): Uint8Array {
  let state = seed;
  return Uint8Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    // Mostly ASCII with some high bytes, so both valid and invalid sequences occur.
    return state % 5 === 0 ? 0x80 + (state % 128) : 0x20 + (state % 90);
  });
}

describe("decodeSpec", () => {
  it("decodes valid UTF-8, including characters outside the BMP", () => {
    expect(decodeSpec("f", Buffer.from("a: é😀\n"))).toEqual({ text: "a: é😀\n" });
  });

  it.each(Array.from({ length: 200 }, (_, seed) => seed))(
    "points at the first invalid byte of random input %i",
    (seed) => {
      const bytes = randomBytes(seed, 64);
      const result = decodeSpec("f", bytes);
      const valid = Buffer.from(Buffer.from(bytes).toString("utf8"), "utf8").equals(Buffer.from(bytes));
      if (valid) {
        expect(result).toEqual({ text: Buffer.from(bytes).toString("utf8") });
        return;
      }
      if (!("error" in result)) throw new Error("expected an error");
      const offset = Number(/offset (\d+)/.exec(result.error.message)?.[1]);
      expect(() =>
        new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, offset), { stream: true }),
      ).not.toThrow();
      expect(() =>
        new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, offset + 1), { stream: true }),
      ).toThrow();
    },
  );

  it("refuses more than the size limit without decoding", () => {
    const result = decodeSpec("f", new Uint8Array(maxSpecBytes + 1));
    expect("error" in result && result.error.code).toBe("file-too-large");
  });
});

describe("forbiddenCharacters", () => {
  it.each([
    ["NUL", "\0", "NUL (U+0000)"],
    ["escape", "\x1b", "control character U+001B"],
    ["DEL", "\x7f", "control character U+007F"],
    ["C1", "\x85", "control character U+0085"],
    ["line separator", "\u2028", "line/paragraph separator U+2028"],
    ["right-to-left override", "\u202e", "bidirectional control U+202E"],
    ["first strong isolate", "\u2068", "bidirectional control U+2068"],
    ["lone high surrogate", "\ud800", "lone surrogate U+D800"],
    ["lone low surrogate", "\udc00", "lone surrogate U+DC00"],
  ])("finds %s", (_, char, name) => {
    expect(forbiddenCharacters(`ab${char}c`)).toEqual([{ offset: 2, name }]);
  });

  it("allows tab, newline, carriage return and astral characters", () => {
    expect(forbiddenCharacters("a\tb\r\nc 😀 é ‐")).toEqual([]);
  });
});

describe("positionIn", () => {
  it("counts lines and columns from 1", () => {
    expect(positionIn("ab\ncd\nef", 7)).toEqual({ line: 3, col: 2 });
    expect(positionIn("ab", 0)).toEqual({ line: 1, col: 1 });
  });
});
