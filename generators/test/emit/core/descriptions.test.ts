import { describe, expect, it } from "vitest";
import { modelParameterDescription } from "../../../src/emit/core/descriptions.ts";
import type { Parameter } from "../../../src/ir/types.ts";

const position = { file: "specs/x.yaml", line: 1, col: 1 };
const parameter = (fields: Partial<Parameter>): Parameter => ({
  name: "p",
  schema: { type: ["string"] },
  requirement: "optional",
  notes: [],
  judgments: [],
  implicit: false,
  position,
  ...fields,
});

describe("modelParameterDescription", () => {
  it.each([
    // Required-ness is in the schema's `required`: the text says nothing rather than "Required."/"Optional.".
    ["required, described", parameter({ requirement: "always", description: "the sheet id" }), "The sheet id."],
    ["required, undescribed", parameter({ requirement: "always" }), ""],
    ["optional, undescribed", parameter({}), ""],
    ["required when executing, in words", parameter({ requirement: "execute" }), "Required when mode is execute."],
    [
      "bounds and default",
      parameter({ schema: { type: ["integer"], minimum: 1, maximum: 100 }, default: 100 }),
      "Minimum 1, maximum 100. Default: 100.",
    ],
    [
      "a format in words",
      parameter({ schema: { type: ["string"], toolFormat: "column-letters" } }),
      "Format: column letters (A, AB).",
    ],
    [
      "notes, then toolcat's reading in one clause of what is accepted",
      parameter({
        notes: ["see ListSheets"],
        judgments: ["The document says letters. toolcat accepts letters. More detail."],
      }),
      "See ListSheets. Accepts letters.",
    ],
    [
      "a reading that does not name toolcat gives its first sentence",
      parameter({ judgments: ["the document says letters"] }),
      "The document says letters.",
    ],
  ])("%s", (_label, input, expected) => {
    expect(modelParameterDescription(input, "execute")).toBe(expected);
  });
});
