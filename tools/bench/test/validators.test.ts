// The validator section's summary and rows: ratios are geometric means over the tools both
// contenders were timed on, the body-heavy row covers only tools with an object request body, and
// each target cell is met only when every peer it names is beaten by its factor.
import { describe, expect, it } from "vitest";
import { validatorRows } from "../validator-report.ts";
import { hasObjectBody } from "../validator-inputs.ts";
import { summarize, type ToolRow, type ValidatorsResult } from "../validators.ts";

const row = (tool: string, valid: Record<string, number>, invalid: Record<string, number>, body = false): ToolRow => ({
  tool,
  inputs: { valid: 2, invalid: 4 },
  valid,
  invalid,
  issues: {},
  disagreeing: [],
  typiaGaps: [],
  body,
});

describe("hasObjectBody", () => {
  it.each([
    ["an object parameter", { properties: { details: { type: "object" } } }, true],
    ["a parameter with properties", { properties: { details: { properties: { a: { type: "string" } } } } }, true],
    [
      "JSON text with a contentSchema",
      { properties: { data: { type: "string", contentSchema: { type: "object" } } } },
      true,
    ],
    ["JSON text without a schema", { properties: { request_body: { type: "string", contentMediaType: "x" } } }, false],
    ["scalars only", { properties: { id: { type: "string" }, n: { type: "integer" } } }, false],
    ["no parameters", { type: "object" }, false],
  ])("%s: %s", (_label, schema, expected) => {
    expect(hasObjectBody(schema)).toBe(expected);
  });
});

describe("summarize", () => {
  it("takes the geometric mean of per-tool ratios, only over tools both were timed on", () => {
    const s = summarize([
      row("A.a", { toolcat: 400, ajvAllErrors: 100 }, { toolcat: 10, ajvAllErrors: 10 }),
      row("A.b", { toolcat: 100, ajvAllErrors: 100, typiaEquals: 50 }, { toolcat: 10, ajvAllErrors: 10 }),
    ]);
    expect(s.valid.ajvAllErrors).toEqual({ ratio: 2, tools: 2 });
    expect(s.valid.typiaEquals).toEqual({ ratio: 2, tools: 1 });
    expect(s.isValid).toBeUndefined();
  });
});

const summary = (factor: number, isFactor: number) =>
  summarize([
    row(
      "A.a",
      { toolcat: 100 * factor, toolcatIs: 100 * isFactor, ajvAllErrors: 100, ajvFirstError: 100, typiaEquals: 100 },
      { toolcat: 100 * factor, toolcatIs: 100 * isFactor, ajvAllErrors: 100, ajvFirstError: 100, typiaEquals: 100 },
      true,
    ),
  ]);

const result = (overall: ReturnType<typeof summarize>, bodies?: ReturnType<typeof summarize>): ValidatorsResult => ({
  inputs: { tools: 1, valid: 2, invalid: 4 },
  runs: [{ node: "26", overall, ...(bodies === undefined ? {} : { bodies }), servers: [], disagreeing: {}, tools: [] }],
});

describe("validatorRows", () => {
  it("states each target and marks it met at the factor", () => {
    const rows = validatorRows(result(summary(1.3, 1.3), summary(1.3, 1.3)));
    const targets = rows.map((r) => [r[1], r[5], r[6]]);
    expect(targets).toEqual([
      ["all 1 tools, geometric mean over tools, valid inputs", "≥ 1.3× Ajv all errors", "yes"],
      ["all 1 tools, geometric mean over tools, invalid inputs", "≥ 1.3× Ajv all errors", "yes"],
      [
        "all 1 tools, geometric mean over tools, boolean is<Tool>, valid inputs",
        "≥ 1.3× Ajv first error, ≥ 1× typia equals",
        "yes",
      ],
      ["all 1 tools, geometric mean over tools, boolean is<Tool>, invalid inputs", "≥ 1× typia equals", "yes"],
      ["1 tools with an object request body, geometric mean over them, valid inputs", "≥ 1.3× Ajv all errors", "yes"],
      ["1 tools with an object request body, geometric mean over them, invalid inputs", "≥ 1.3× Ajv all errors", "yes"],
      [
        "1 tools with an object request body, geometric mean over them, boolean is<Tool>, valid inputs",
        "≥ 1.3× Ajv first error, ≥ 1× typia equals",
        "yes",
      ],
      [
        "1 tools with an object request body, geometric mean over them, boolean is<Tool>, invalid inputs",
        "≥ 1× typia equals",
        "yes",
      ],
    ]);
  });

  it.each([
    ["validate just under its factor", 1.29, 1.3, [false, false, true, true]],
    ["is<Tool> under Ajv first error but ahead of typia", 1.3, 1.2, [true, true, false, true]],
    ["is<Tool> behind typia", 1.3, 0.99, [true, true, false, false]],
  ])("marks a miss: %s", (_label, factor, isFactor, met) => {
    const rows = validatorRows(result(summary(factor, isFactor)));
    expect(rows.map((r) => r[6])).toEqual(met.map((ok) => (ok ? "yes" : "**no**")));
  });

  it("leaves the body-heavy rows out of results measured before they existed", () => {
    expect(validatorRows(result(summary(1.3, 1.3)))).toHaveLength(4);
  });
});
