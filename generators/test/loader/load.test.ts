// Bad-spec table: each case breaks a known-good spec in one place and asserts the exact code and
// position the loader reports, and that every problem of a run is reported at once.
import { describe, expect, it } from "vitest";
import { SpecError, formatDiagnostic, type Diagnostic } from "../../src/loader/diagnostics.ts";
import { loadCatalog } from "../../src/loader/load.ts";
import { workspaceRoot } from "../support.ts";

const file = "specs/widget-api.yaml";

// Line numbers below refer to this text (line 1 is the schema comment).
const good = `# yaml-language-server: $schema=./schema/server.schema.json
server: WidgetApi
kind: starter
domain: widgets
description: Widgets for tests.
source: test
auth:
  type: api-key
  secret: WIDGET_KEY
secrets:
  - { name: WIDGET_KEY, description: the key }
tools:
  - name: GetWidget
    purpose: read a widget
    secrets: [WIDGET_KEY]
    parameters:
      - { name: widget_id, type: string, required: true }
      - { name: limit, type: integer, minimum: 1, maximum: 50, default: 10 }
      - { name: color, type: string, enum: [red, blue], default: red }
  - name: ExecuteWidget
    purpose: run a widget
    secrets: [WIDGET_KEY]
    modePattern: true
    parameters:
      - { name: widget_id, type: string, required: execute }
`;

function load(text: string): Diagnostic[] {
  try {
    loadCatalog({ root: workspaceRoot, only: [file], overrides: new Map([[file, text]]) });
    return [];
  } catch (error) {
    if (error instanceof SpecError) return [...error.diagnostics];
    throw error;
  }
}

/** Replaces the first occurrence of `from` in the good spec, failing loudly if it is not there. */
function edit(from: string, to: string): string {
  if (!good.includes(from)) throw new Error(`test setup: "${from}" is not in the base spec`);
  return good.replace(from, to);
}

const cases: { name: string; text: string; code: Diagnostic["code"]; at: string }[] = [
  { name: "YAML syntax error", text: edit("kind: starter", "kind: [starter"), code: "yaml-syntax", at: "4:1" },
  { name: "unknown key (typo)", text: edit("    purpose: read a widget", "    purpse: read a widget"), code: "unknown-key", at: "14:5" },
  { name: "wrong value type", text: edit("{ name: limit, type: integer, minimum: 1,", "{ name: limit, type: integer, minimum: one,"), code: "wrong-type", at: "18:48" },
  { name: "unknown parameter type", text: edit("{ name: widget_id, type: string, required: true }", "{ name: widget_id, type: strng, required: true }"), code: "unknown-type", at: "17:34" },
  { name: "unknown format", text: edit("{ name: widget_id, type: string, required: true }", "{ name: widget_id, type: string, format: colour, required: true }"), code: "unknown-format", at: "17:50" },
  { name: "duplicate tool name", text: edit("  - name: ExecuteWidget", "  - name: GetWidget"), code: "duplicate-tool", at: "20:11" },
  { name: "duplicate parameter name", text: edit("{ name: color,", "{ name: limit,"), code: "duplicate-parameter", at: "19:17" },
  { name: "tool name not PascalCase", text: edit("  - name: GetWidget", "  - name: get_widget"), code: "invalid-identifier", at: "13:11" },
  { name: "parameter name not snake_case", text: edit("{ name: color,", "{ name: Color,"), code: "invalid-identifier", at: "19:17" },
  { name: "~ on a tool without mode", text: edit("{ name: widget_id, type: string, required: true }", "{ name: widget_id, type: string, required: execute }"), code: "execute-without-mode", at: "17:52" },
  { name: "minimum above maximum", text: edit("minimum: 1, maximum: 50", "minimum: 60, maximum: 50"), code: "invalid-range", at: "18:48" },
  { name: "default above maximum", text: edit("maximum: 50, default: 10", "maximum: 50, default: 99"), code: "invalid-default", at: "18:73" },
  { name: "default outside enum", text: edit("enum: [red, blue], default: red", "enum: [red, blue], default: green"), code: "invalid-default", at: "19:66" },
  { name: "default of the wrong type", text: edit("maximum: 50, default: 10", "maximum: 50, default: ten"), code: "invalid-default", at: "18:73" },
  { name: "duplicate enum value", text: edit("enum: [red, blue]", "enum: [red, red]"), code: "duplicate-enum-value", at: "19:50" },
  { name: "secret not declared", text: edit("    secrets: [WIDGET_KEY]\n    parameters:\n      - { name: widget_id", "    secrets: [WIDGET_TOKEN]\n    parameters:\n      - { name: widget_id"), code: "undeclared-secret", at: "15:15" },
  { name: "auth secret not declared", text: edit("  secret: WIDGET_KEY", "  secret: OTHER_KEY"), code: "undeclared-secret", at: "9:11" },
  { name: "mode listed on a mode-pattern tool", text: edit("{ name: widget_id, type: string, required: execute }", "{ name: mode, type: string, required: true }"), code: "reserved-parameter", at: "25:17" },
  { name: "missing required key", text: edit("    purpose: read a widget\n", ""), code: "missing-key", at: "13:5" },
];

describe("loadCatalog rejects broken specs with a precise position", () => {
  it("accepts the base spec", () => {
    expect(load(good)).toEqual([]);
  });

  it.each(cases)("$name → $code at $at", ({ text, code, at }) => {
    const diagnostics = load(text);
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.col}`)).toContain(`${code} ${at}`);
    for (const d of diagnostics) {
      expect(d.file).toBe(file);
      expect(formatDiagnostic(d)).toMatch(new RegExp(`^${file}:\\d+:\\d+ error [a-z-]+: .+\\n  hint: .+`));
    }
  });

  // Structure is checked before meaning (like a compiler's parse and check phases): a file with a
  // structural error reports all of those; a structurally valid one reports all semantic errors.
  it("reports every structural problem of a file at once", () => {
    const text = edit("    purpose: read a widget", "    purpse: read a widget").replace("minimum: 1,", "minimum: one,");
    expect(load(text).map((d) => `${d.code} ${d.line}:${d.col}`)).toEqual(["unknown-key 14:5", "missing-key 13:5", "wrong-type 18:48"].sort());
  });

  it("reports every semantic problem of a file at once", () => {
    const text = edit("enum: [red, blue]", "enum: [red, red]").replace("  - name: ExecuteWidget", "  - name: GetWidget").replace("minimum: 1, maximum: 50", "minimum: 60, maximum: 50");
    const codes = load(text).map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(["duplicate-enum-value", "duplicate-tool", "invalid-range"]));
  });

  it("reports problems of several files in one run", () => {
    const other = "specs/gadget-api.yaml";
    const broken = good.replace("WidgetApi", "GadgetApi").replace("enum: [red, blue]", "enum: [red, red]");
    let diagnostics: readonly Diagnostic[] = [];
    try {
      loadCatalog({ root: workspaceRoot, only: [file, other], overrides: new Map([[file, edit("minimum: 1,", "minimum: 60,")], [other, broken]]) });
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      diagnostics = error.diagnostics;
    }
    expect(diagnostics.map((d) => `${d.file} ${d.code}`).sort()).toEqual([`${other} duplicate-enum-value`, `${file} invalid-range`, `${file} invalid-default`].sort());
  });

  it("suggests the closest key for a typo", () => {
    const [first] = load(edit("    purpose: read a widget", "    purpse: read a widget"));
    expect(first?.hint).toContain("purpose");
  });
});
