// Bad-spec table: each case breaks a known-good spec in one place and asserts the exact code and
// position the loader reports, and that every problem of a run is reported at once.
// Runs the bad-spec table (cases.ts): the exact code and position of each case, every declared
// code covered, and every problem of a run reported at once.
import { copyFileSync, mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SpecError, diagnosticCodes, formatDiagnostic, type Diagnostic } from "../../src/loader/diagnostics.ts";
import { loadCatalog, type LoadOptions } from "../../src/loader/load.ts";
import { workspaceRoot } from "../support.ts";
import { catalogFile, cases, edit, file, good, type Case } from "./cases.ts";

function diagnosticsOf(options: LoadOptions): Diagnostic[] {
  try {
    loadCatalog(options);
    return [];
  } catch (error) {
    if (error instanceof SpecError) return [...error.diagnostics];
    throw error;
  }
}

function load(text: string): Diagnostic[] {
  return diagnosticsOf({ root: workspaceRoot, only: [file], overrides: new Map([[file, text]]) });
}

function run(c: Case): Diagnostic[] {
  const overrides = new Map<string, string | Uint8Array>([[file, c.text ?? good], ...Object.entries(c.files ?? {})]);
  if (c.emptyRoot !== true && c.disk === undefined)
    return diagnosticsOf({ root: workspaceRoot, only: c.only ?? [file], overrides });
  const root = mkdtempSync(join(tmpdir(), "toolcat-loader-"));
  mkdirSync(join(root, "specs"));
  writeFileSync(join(root, file), good);
  if (c.disk === undefined) return diagnosticsOf({ root });
  copyFileSync(join(workspaceRoot, catalogFile), join(root, catalogFile));
  c.disk(root);
  return diagnosticsOf({ root, only: c.only ?? [file] });
}

describe("loadCatalog rejects broken specs with a precise position", () => {
  it("accepts the base spec", () => {
    expect(load(good)).toEqual([]);
  });

  it.each(cases)("$name → $code at $at", (c) => {
    const diagnostics = run(c);
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.code}`)).toContain(
      `${c.in ?? file}:${c.at} ${c.code}`,
    );
    for (const d of diagnostics) expect(formatDiagnostic(d)).toMatch(/^[^\n]+:\d+:\d+ error [a-z-]+: .+\n {2}hint: .+/);
  });

  it("has a case for every diagnostic code the loader declares", () => {
    const covered = new Set(cases.map((c) => c.code));
    expect(diagnosticCodes.filter((code) => !covered.has(code))).toEqual([]);
  });

  // Structure is checked before meaning (like a compiler's parse and check phases): a file with a
  // structural error reports all of those; a structurally valid one reports all semantic errors.
  it("reports every structural problem of a file at once", () => {
    const text = edit(["    purpose: read a widget", "    purpse: read a widget"]).replace(
      "minimum: 1,",
      "minimum: one,",
    );
    expect(load(text).map((d) => `${d.code} ${d.line}:${d.col}`)).toEqual(
      ["unknown-key 14:5", "missing-key 13:5", "wrong-type 18:48"].sort(),
    );
  });

  it("checks the meaning of every structurally valid tool while another tool is broken", () => {
    const text =
      edit(
        ["    purpose: read a widget", "    purpse: read a widget"],
        ["required: execute }", "required: execute, minimum: 1 }"],
      ) + "limits:\n  - text: t\n    appliesTo: [{ tool: GetWidget, parameter: limit, maximum: 9 }]\n";
    expect(load(text).map((d) => `${d.code} ${d.line}:${d.col}`)).toEqual([
      "missing-key 13:5",
      "unknown-key 14:5",
      "constraint-mismatch 25:70",
    ]);
  });

  it("reports every semantic problem of a file at once", () => {
    const text = edit(["enum: [red, blue]", "enum: [red, red]"])
      .replace("  - name: ExecuteWidget", "  - name: GetWidget")
      .replace("minimum: 1, maximum: 50", "minimum: 60, maximum: 50");
    const codes = load(text).map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(["duplicate-enum-value", "duplicate-tool", "invalid-range"]));
  });

  it("reports problems of several files in one run", () => {
    const other = "specs/gadget-api.yaml";
    const broken = good.replace("WidgetApi", "GadgetApi").replace("enum: [red, blue]", "enum: [red, red]");
    let diagnostics: readonly Diagnostic[] = [];
    try {
      loadCatalog({
        root: workspaceRoot,
        only: [file, other],
        overrides: new Map([
          [file, edit(["minimum: 1,", "minimum: 60,"])],
          [other, broken],
        ]),
      });
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      diagnostics = error.diagnostics;
    }
    expect(diagnostics.map((d) => `${d.file} ${d.code}`).sort()).toEqual(
      [`${other} duplicate-enum-value`, `${file} invalid-range`, `${file} invalid-default`].sort(),
    );
  });

  it("quotes each diagnostic's own line, whichever file it is in", () => {
    const other = "specs/gadget-api.yaml";
    const texts = new Map([
      [file, edit(["minimum: 1,", "minimum: 60,"])],
      [other, good.replace("WidgetApi", "GadgetApi").replace("enum: [red, blue]", "enum: [red, red]")],
    ]);
    const diagnostics = diagnosticsOf({ root: workspaceRoot, only: [...texts.keys()], overrides: texts });
    expect(new Set(diagnostics.map((d) => d.file))).toEqual(new Set(texts.keys()));
    for (const d of diagnostics) expect(d.excerpt).toBe(texts.get(d.file)?.split("\n")[d.line - 1]);
  });

  it("reports one YAML slip once, however many errors the parser raises for it", () => {
    expect(load(edit(["kind: starter", "kind: [starter"])).map((d) => `${d.code} ${d.line}:${d.col}`)).toEqual([
      "yaml-syntax 4:1",
    ]);
    expect(
      load(`${good}x: ${"[".repeat(5000)}\n`).filter((d) => d.code === "too-deep" || d.code === "yaml-syntax").length,
    ).toBeLessThan(5);
  });

  it("names tools and parameters in structural messages instead of indexes", () => {
    const messages = load(
      edit(["    purpose: read a widget", "    purpse: read a widget"], ["minimum: 1,", "minimum: one,"]),
    ).map((d) => d.message);
    expect(messages).toContain('unknown key "purpse" in tool GetWidget');
    expect(messages).toContain('tool GetWidget, parameter limit, minimum must be a number, got string "one"');
  });

  it("suggests the closest key for a typo", () => {
    const [first] = load(edit(["    purpose: read a widget", "    purpse: read a widget"]));
    expect(first?.hint).toContain("purpose");
  });
});

describe("loadCatalog's IR shares what every tool would otherwise copy", () => {
  const text = edit([
    "  - name: ExecuteWidget",
    "  - name: RunWidget\n    purpose: run it\n    modePattern: true\n    parameters: []\n  - name: ExecuteWidget",
  ]);
  const tools = loadCatalog({ root: workspaceRoot, only: [file], overrides: new Map([[file, text]]) }).servers[0]!
    .tools;
  const implicit = (name: string) =>
    tools
      .filter((t) => t.modePattern)
      .map((t) => (t.parameters.kind === "known" ? t.parameters.list : []).find((p) => p.name === name)!);

  it.each(["mode", "request_body"])(
    "the %s parameter's schema is one object, each tool keeping its position",
    (name) => {
      const [first, second] = implicit(name);
      expect(first!.schema).toBe(second!.schema);
      expect(first!.position).not.toEqual(second!.position);
    },
  );

  it("absent notes, judgments and annotations are one frozen empty value", () => {
    const [get, run] = tools;
    for (const key of ["notes", "judgments", "annotations"] as const) {
      expect(get![key]).toBe(run![key]);
      expect(Object.isFrozen(get![key])).toBe(true);
    }
  });
});
