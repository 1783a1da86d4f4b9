import { describe, expect, it } from "vitest";
import { isEnum, modeValues, namedValues } from "../../src/ir/parameter-schema.ts";
import type { SchemaNode } from "../../src/ir/schema.ts";

describe("isEnum", () => {
  // An enum the catalog does not show accepts any string, like a plain string; only the annotation
  // tells the prose, examples and search text it is an enum.
  const cases: [string, SchemaNode, boolean][] = [
    ["a plain string", { type: ["string"] }, false],
    ["an enum with its values shown", { type: ["string"], enum: ["a", "b"], enumName: "OrderBy" }, true],
    ["an enum whose values are not shown", { type: ["string"], valuesNotShown: true }, true],
    ["an array of enums, itself", { type: ["array"], items: { type: ["string"], enum: ["a"] } }, false],
  ];
  it.each(cases)("%s", (_, node, expected) => {
    expect(isEnum(node)).toBe(expected);
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

describe("modeValues", () => {
  it("keeps execute and lists every other mode value, in the catalog's order, as ignoring", () => {
    const value = (v: string) => ({ value: v, enumName: v.toUpperCase(), description: v });
    const toolMode = {
      name: "ToolMode",
      values: [value("get_request_schema"), value("execute"), value("dry_run")],
      executeValue: "execute",
      requestBodyDescription: "",
      missingExecuteParameter: { known: false } as const,
      notes: [],
    };
    expect(modeValues(toolMode)).toStrictEqual({
      executeValue: "execute",
      ignoring: ["get_request_schema", "dry_run"],
    });
  });
});
