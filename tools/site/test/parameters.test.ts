// Parameter rows: types and constraints in words, conditional requirements, and where a dropped
// check sits, table-driven over schema fragments of the kinds the catalog uses.
import { describe, expect, it } from "vitest";
import type { ManifestTool } from "../../../packages/runtime/src/manifest.ts";
import { constraints, droppedAt, parameterRows, typeText } from "../parameters.ts";

describe("typeText", () => {
  it.each([
    [{ type: "string" }, "string"],
    [{ type: ["integer", "null"] }, "integer or null"],
    [{ type: "array", items: { type: "string" } }, "array of string"],
    [{ type: "array", items: { type: "array", items: { type: "number" } } }, "array of array of number"],
    [{ description: "any JSON" }, "any"],
    [{ const: "execute" }, "string"],
    [{ enum: ["a", 1] }, "enum"],
  ])("%j is %s", (schema, expected) => {
    expect(typeText(schema)).toBe(expected);
  });
});

describe("constraints", () => {
  it.each([
    [{ type: "integer", minimum: 1, maximum: 1000, default: 1000 }, ["minimum 1", "maximum 1000", "default 1000"]],
    [{ type: "string", enum: ["asc", "desc"] }, ['one of "asc", "desc"']],
    [{ type: "string", pattern: "^[A-Z]+$", format: "date" }, ["matches ^[A-Z]+$", "format date"]],
    [{ type: "string", contentMediaType: "application/json" }, ["text holding application/json"]],
    [
      { type: "object", minProperties: 1, maxProperties: 1 },
      ["at least this many keys: 1", "at most this many keys: 1"],
    ],
    [{ type: "object", properties: { a: {}, b: {} }, additionalProperties: false }, ["keys: a, b", "no other keys"]],
    [{ type: "object", propertyNames: { pattern: "^x" } }, ["every key matches ^x"]],
    [{ type: "array", items: { type: "string", maxLength: 3 } }, ["each item: at most this many characters: 3"]],
    [{ type: "string" }, []],
  ])("%j", (schema, expected) => {
    expect(constraints(schema)).toEqual(expected);
  });
});

describe("droppedAt", () => {
  it.each([
    ["", "the input as a whole"],
    ["/properties/start_col", "start_col"],
    ["/properties/filter/properties/name", "filter.name"],
    ["/properties/a~1b~0c", "a/b~c"],
    ["/allOf/0", "the input as a whole"],
  ])("%j is %s", (pointer, expected) => {
    expect(droppedAt({ pointer, keyword: "pattern", reason: "a text pattern" })).toBe(expected);
  });
});

describe("parameterRows", () => {
  const tool = (inputSchema: Record<string, unknown>) => ({ inputSchema }) as unknown as ManifestTool;

  it("reads a mode-pattern tool's types from else and its execute-only requirement from allOf", () => {
    const rows = parameterRows(
      tool({
        type: "object",
        properties: {
          mode: { type: "string", enum: ["get_request_schema", "execute"] },
          request_body: { description: "JSON text." },
        },
        required: ["mode"],
        if: { properties: { mode: { enum: ["get_request_schema"] } }, required: ["mode"] },
        else: {
          properties: { request_body: { type: "string", contentMediaType: "application/json" } },
          allOf: [
            {
              if: { properties: { mode: { const: "execute" } }, required: ["mode"] },
              then: { required: ["request_body"] },
            },
          ],
        },
      }),
    );
    expect(rows.map(({ name, type, required }) => [name, type, required])).toEqual([
      ["mode", "string", "yes"],
      ["request_body", "string", 'when mode is "execute"'],
    ]);
    expect(rows[1]!.description).toBe("JSON text.");
  });

  it("words a dependentRequired parameter by the one that needs it", () => {
    const rows = parameterRows(tool({ type: "object", properties: { a: {}, b: {} }, dependentRequired: { a: ["b"] } }));
    expect(rows.map((row) => row.required)).toEqual(["no", "when a is given"]);
  });
});
