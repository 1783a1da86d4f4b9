// Plain-language sentences shared by JSDoc, the manifest, the README and model text.
import { describe, expect, it } from "vitest";
import { judgmentBrief, sentence } from "../../../src/emit/core/describe.ts";

describe("sentence", () => {
  it.each([
    ["a plain word is capitalized", "read a range", "Read a range."],
    ["an identifier stays as written", "max_rows caps the rows", "max_rows caps the rows."],
    ["the name toolcat stays lowercase", "toolcat accepts letters", "toolcat accepts letters."],
    ["a word that only starts with toolcat is capitalized", "toolcats are fine", "Toolcats are fine."],
    ["an ending mark is kept", "  is it?  ", "Is it?"],
  ])("%s", (_label, text, expected) => {
    expect(sentence(text)).toBe(expected);
  });
});

describe("judgmentBrief", () => {
  it.each([
    [
      "the sentence naming toolcat, told as what the tool does",
      "The document says URL. toolcat accepts http URLs only. Details.",
      "Accepts http URLs only.",
    ],
    ["the first such sentence", "toolcat rejects blanks. toolcat does not check names.", "Rejects blanks."],
    ["a period added", "The document says x. toolcat reads y", "Reads y."],
    [
      "toolcat later in the sentence is the tool",
      "The document says UTC; toolcat does not require Z.",
      "The document says UTC; the tool does not require Z.",
    ],
    ["a word containing toolcat does not count", "The document says x. mytoolcats are fine.", "The document says x."],
  ])("%s", (_label, text, expected) => {
    expect(judgmentBrief(text)).toBe(expected);
  });
});
