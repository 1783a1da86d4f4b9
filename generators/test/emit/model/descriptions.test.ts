import { describe, expect, it } from "vitest";
import { modelParameterDescription } from "../../../src/emit/model/descriptions.ts";
import type { Parameter } from "../../../src/ir/types.ts";

const position = { file: "specs/x.yaml", line: 1, col: 1 };
const parameter = (fields: Partial<Parameter>): Parameter => ({
  name: "p",
  type: { kind: "string" },
  requirement: "optional",
  notes: [],
  judgments: [],
  implicit: false,
  position,
  ...fields,
});

describe("modelParameterDescription", () => {
  it.each([
    ["required, described", parameter({ requirement: "always", description: "the sheet id" }), "The sheet id. Required."],
    ["required when executing, in words", parameter({ requirement: "execute" }), "Required when mode is execute."],
    ["bounds and default", parameter({ type: { kind: "integer", minimum: 1, maximum: 100 }, default: 100 }), "Optional. Minimum 1, maximum 100. Default: 100."],
    ["a format in words", parameter({ type: { kind: "string", format: "column-letters" } }), "Optional. Format: column letters (A, AB)."],
    ["notes, then toolcat's reading", parameter({ notes: ["see ListSheets"], judgments: ["the document says letters"] }),
      "Optional. See ListSheets. toolcat's reading, where the catalog is silent: The document says letters."],
  ])("%s", (_label, input, expected) => {
    expect(modelParameterDescription(input, "execute")).toBe(expected);
  });
});
