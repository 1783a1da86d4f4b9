import { describe, expect, it } from "vitest";
import { namedValues, valueSchema } from "../../src/ir/parameter-schema.ts";
import type { ValueType } from "../../src/ir/types.ts";
import type { SchemaNode } from "../../src/ir/schema.ts";

describe("valueSchema", () => {
  // An enum the catalog does not show accepts any string, like a plain string; only the annotation
  // tells the prose, examples and search text it is an enum.
  const cases: [string, ValueType, SchemaNode][] = [
    ["a plain string", { kind: "string" }, { type: ["string"] }],
    [
      "an enum with its values shown",
      { kind: "enum", name: "OrderBy", values: { known: true, value: ["a", "b"] } },
      { type: ["string"], enum: ["a", "b"], enumName: "OrderBy" },
    ],
    [
      "an enum whose values are not shown",
      { kind: "enum", values: { known: false } },
      { type: ["string"], valuesNotShown: true },
    ],
    [
      "an array of such enums",
      { kind: "array", items: { kind: "enum", values: { known: false } } },
      { type: ["array"], items: { type: ["string"], valuesNotShown: true } },
    ],
  ];
  it.each(cases)("reads %s", (_, type, node) => {
    expect(valueSchema(type)).toStrictEqual(node);
  });
});

describe("namedValues", () => {
  const cases: [string, SchemaNode, SchemaNode][] = [
    ["a value is its own", { type: ["string"], enum: ["x"] }, { type: ["string"], enum: ["x"] }],
    [
      "an array names its items",
      { type: ["array"], items: { type: ["string"], enum: ["x"] } },
      { type: ["string"], enum: ["x"] },
    ],
    ["an array of anything names itself", { type: ["array"], items: true }, { type: ["array"], items: true }],
  ];
  it.each(cases)("%s", (_, node, named) => {
    expect(namedValues(node)).toStrictEqual(named);
  });
});
