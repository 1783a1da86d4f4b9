// A documented value (a default, a rule's value) is held to the parameter's schema node: one table of
// nodes as the loader reads them from a spec, values that fit and values that do not, in words.
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/ir/json.ts";
import type { SchemaNode } from "../../src/ir/schema.ts";
import { valueProblem } from "../../src/loader/values.ts";

const shownEnum: SchemaNode = { type: ["string"], enum: ["red", "blue"], enumName: "Color" };

describe("valueProblem", () => {
  it.each<[string, SchemaNode, JsonValue, string | undefined]>([
    ["a string", { type: ["string"] }, "x", undefined],
    ["a number for a string", { type: ["string"] }, 3, "must be a string, got 3"],
    ["a date of its format", { type: ["string"], toolFormat: "date" }, "2026-03-02", undefined],
    [
      "a date that is no day",
      { type: ["string"], toolFormat: "date" },
      "2026-02-30",
      'must match format date, got "2026-02-30"',
    ],
    ["one of an enum", shownEnum, "blue", undefined],
    ["none of an enum", shownEnum, "green", 'must be one of red, blue, got "green"'],
    ["a number for an enum", shownEnum, 1, "must be a string, got 1"],
    ["any string for an enum not shown", { type: ["string"], valuesNotShown: true }, "green", undefined],
    ["a fraction for an integer", { type: ["integer"] }, 1.5, "must be an integer, got 1.5"],
    ["a numeric string for a number", { type: ["number"] }, "1", 'must be a number, got "1"'],
    ["below the minimum", { type: ["integer"], minimum: 1, maximum: 50 }, 0, "must be at least 1, got 0"],
    ["above the maximum", { type: ["integer"], minimum: 1, maximum: 50 }, 99, "must be at most 50, got 99"],
    ["inside the bounds", { type: ["number"], minimum: 0.5, maximum: 1 }, 0.75, undefined],
    ["a string for a boolean", { type: ["boolean"] }, "true", 'must be a boolean, got "true"'],
    ["a list for an object", { type: ["object"] }, [], "must be an object, got []"],
    ["null for an object", { type: ["object"] }, null, "must be an object, got null"],
    ["too few keys", { type: ["object"], minProperties: 1 }, {}, "must have at least 1 keys"],
    ["too many keys", { type: ["object"], maxProperties: 0 }, { a: 1 }, "must have at most 0 keys"],
    ["an object for a list", { type: ["array"], items: { type: ["string"] } }, {}, "must be a list, got {}"],
    [
      "a bad item",
      { type: ["array"], items: shownEnum },
      ["red", "green"],
      'item must be one of red, blue, got "green"',
    ],
    ["good items", { type: ["array"], items: shownEnum }, ["red", "blue"], undefined],
  ])("%s", (_, node, value, problem) => {
    expect(valueProblem(node, value)).toBe(problem);
  });
});
