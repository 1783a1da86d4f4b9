// Generative: every identifier the generated modules declare (ir/generated-identifiers.ts) used as every kind of
// spec and catalog name that reaches generated code, directly or through the names it derives.
// Each spec is either rejected by lint at a position or generates a package that compiles under
// strict tsc; all accepted packages compile in one program. Then every module-scope identifier the
// program declares or reads from the globals must be in the names record, so the list cannot lag
// behind what the emitters print.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import type { GeneratedFile } from "../../src/core/files.ts";
import { emitContext } from "../../src/emit/registry.ts";
import { generatedIdentifiers as generated } from "../../src/ir/generated-identifiers.ts";
import { isIdentifier, kebabCase, serverNames, toolNames } from "../../src/ir/naming.ts";
import { SpecError, type Diagnostic } from "../../src/loader/diagnostics.ts";
import { loadCatalog } from "../../src/loader/load.ts";
import { packageVersions, serverRuns } from "../../src/pipeline/run.ts";
import { workspaceRoot } from "../support.ts";
import { compileGenerated, generatedProgram } from "./compile.ts";
import { emitResources } from "../../src/pipeline/resources.ts";

const identifiers = [...new Set([...generated.exports, ...generated.locals])].sort();
const catalogText = readFileSync(join(workspaceRoot, "specs/catalog.yaml"), "utf8");
/** The tool each parameter case belongs to: its derived names are identifiers a parameter could meet. */
const hostTool = "GetThing";
const versions = { package: "0.1.0", runtime: "0.1.0" };

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
const snake = (name: string): string =>
  /^[A-Z0-9_]+$/.test(name) ? name.toLowerCase() : name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const upperSnake = (name: string): string => snake(name).toUpperCase().replace(/^_/, "");

/** The spec names whose derived names (by the record's own templates, found with a probe name) equal `target`. */
function inverses(target: string, templates: readonly string[], probe: string): string[] {
  return templates.flatMap((template) => {
    const at = template.search(new RegExp(probe, "i"));
    const [prefix, suffix] = [template.slice(0, at), template.slice(at + probe.length)];
    const middle = target.slice(prefix.length, target.length - suffix.length);
    return target.startsWith(prefix) && target.endsWith(suffix) && middle !== "" ? [pascal(middle)] : [];
  });
}

const probe = serverNames("Zq", "ToolMode", ["Zq"]).names;
const { tool: _tool, method: _method, modelName: _model, ...derivedTemplates } = toolNames(probe, "Zq");
const toolTemplates = Object.values(derivedTemplates);
const serverTemplates = [probe.clientFactory, probe.clientType];
const hostNames = Object.values(toolNames(serverNames("Host", "ToolMode", [hostTool]).names, hostTool));
/** PascalCase names that are, or derive through `templates`, a declared identifier. */
const candidates = (templates: readonly string[]): string[] =>
  [...new Set(identifiers.flatMap((x) => [x, ...inverses(x, templates, "Zq")]))].filter((name) =>
    isIdentifier(name, "pascal"),
  );

interface Case {
  readonly label: string;
  /** The catalog's ToolMode name and values, when the case changes them. */
  readonly catalog?: string;
  readonly spec: Record<string, unknown>;
  readonly body?: unknown;
}

function spec(server: string, tools: readonly Record<string, unknown>[], secrets = ["KEY"]): Record<string, unknown> {
  return {
    server,
    kind: "starter",
    domain: "names",
    description: "Names equal to generated identifiers.",
    source: "generated-names.test.ts",
    auth: { type: "api-key", secret: secrets[0], placement: "header" },
    secrets: secrets.map((name) => ({ name, description: "a secret" })),
    tools: tools.map((tool) => ({ purpose: "test a name", secrets: secrets.slice(0, 1), parameters: [], ...tool })),
  };
}

const modeTool = (name: string, parameters: readonly unknown[] = []): Record<string, unknown> => ({
  name,
  modePattern: true,
  parameters,
});
const catalogWith = (edit: (text: string) => string): string => edit(catalogText);
/** Each identifier as a mode value, its UPPER_SNAKE_CASE form as the enum name (numbered where two forms meet). */
const modeValues = identifiers
  .map((x, i, all) => {
    const enumName = all.slice(0, i).some((y) => upperSnake(y) === upperSnake(x))
      ? `${upperSnake(x)}_${i}`
      : upperSnake(x);
    return `    - { value: ${JSON.stringify(x)}, enumName: ${enumName}, description: a value }`;
  })
  .join("\n");

const cases: Case[] = [
  ...candidates([]).map((name, i) => ({
    label: `ToolMode name ${name}`,
    catalog: catalogWith((text) => text.replace("name: ToolMode", `name: ${name}`)),
    spec: spec(`ModeName${i}`, [modeTool(hostTool)]),
  })),
  {
    label: "ToolMode values and enum names",
    catalog: catalogWith((text) => text.replace("  values:\n", `  values:\n${modeValues}\n`)),
    spec: spec("ModeValues", [modeTool(hostTool)]),
  },
  ...candidates(serverTemplates).map((name) => ({
    label: `server name ${name}`,
    spec: spec(name, [modeTool(hostTool)]),
  })),
  ...candidates(toolTemplates).map((name, i) => ({
    label: `tool name ${name}`,
    spec: spec(`ToolName${i}`, [modeTool(name)]),
  })),
  {
    // Parameters only become locals, which the validators rename around every module-scope name: one tool takes them
    // all.
    label: "parameter names",
    spec: spec("Parameters", [
      modeTool(
        hostTool,
        [...new Set([...identifiers, ...hostNames].map(snake))]
          .filter((name) => isIdentifier(name, "snake") && !["mode", "request_body"].includes(name))
          .flatMap((name) => [
            { name, type: "string" },
            { name: `${name}_list`, type: "array", items: { type: "string" } },
          ]),
      ),
    ]),
  },
  {
    label: "secrets, groups, enum values and object keys",
    spec: spec(
      "Strings",
      identifiers.map((x, i) => ({
        name: `Tool${i}`,
        group: x,
        secrets: [upperSnake(x)],
        parameters: [
          { name: "choice", type: "string", enum: [x, `${x} other`] },
          { name: "bag", type: "object", keys: [{ name: x }] },
        ],
      })),
      [...new Set(identifiers.map(upperSnake))],
    ),
  },
  {
    label: "captured request body component and property names",
    spec: spec("Bodies", [modeTool("PostThing")]),
    body: {
      tool: "Bodies.PostThing",
      capturedFrom: "http://127.0.0.1:1",
      capturedAt: "2026-01-01T00:00:00.000Z",
      answer: {
        type: "object",
        properties: Object.fromEntries(identifiers.map((x) => [x, { $ref: `#/components/schemas/${x}` }])),
        components: {
          schemas: Object.fromEntries(
            identifiers.map((x) => [x, { type: "object", properties: { [x]: { type: "string" } } }]),
          ),
        },
      },
    },
  },
];

const scratch = mkdtempSync(join(tmpdir(), "toolcat-names-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Cases sharing a catalog share a workspace: one load of all their specs. */
function workspaces(): Map<string, Case[]> {
  const byCatalog = new Map<string, Case[]>();
  for (const c of cases)
    byCatalog.set(c.catalog ?? catalogText, [...(byCatalog.get(c.catalog ?? catalogText) ?? []), c]);
  return byCatalog;
}

interface Outcome {
  readonly rejected: { readonly label: string; readonly diagnostics: readonly Diagnostic[] }[];
  readonly files: GeneratedFile[];
  /** Each package's directory (`packages/w0-get-thing`) and the module-scope identifiers its names record holds. */
  readonly records: Map<string, ReadonlySet<string>>;
}

function run(): Outcome {
  const outcome: Outcome = { rejected: [], files: [], records: new Map() };
  [...workspaces()].forEach(([catalogYaml, group], w) => {
    const root = join(scratch, `w${w}`);
    mkdirSync(join(root, "specs"), { recursive: true });
    writeFileSync(join(root, "specs/catalog.yaml"), catalogYaml);
    const fileOf = new Map<string, Case>();
    for (const c of group) {
      const slug = kebabCase(String(c.spec["server"]));
      fileOf.set(`specs/${slug}.yaml`, c);
      writeFileSync(join(root, `specs/${slug}.yaml`), stringify(c.spec, { lineWidth: 0 }));
      if (c.body !== undefined) {
        mkdirSync(join(root, "specs/request-bodies", slug), { recursive: true });
        writeFileSync(join(root, "specs/request-bodies", slug, "PostThing.json"), JSON.stringify(c.body));
      }
    }
    let diagnostics: readonly Diagnostic[] = [];
    try {
      loadCatalog({ root });
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      diagnostics = error.diagnostics;
    }
    const catalogErrors = diagnostics.filter((d) => d.file === "specs/catalog.yaml");
    const accepted = [...fileOf.keys()].filter(
      (file) => catalogErrors.length === 0 && !diagnostics.some((d) => d.file === file),
    );
    for (const [file, c] of fileOf) {
      if (!accepted.includes(file))
        outcome.rejected.push({
          label: c.label,
          diagnostics: [...catalogErrors, ...diagnostics.filter((d) => d.file === file)],
        });
    }
    if (accepted.length === 0) return;
    const catalog = loadCatalog({ root, only: accepted });
    // Each workspace's packages under their own folder, so one program holds them all.
    for (const run of serverRuns(catalog, packageVersions(root, catalog)))
      outcome.files.push(...run.files.map((f) => ({ ...f, path: f.path.replace(/^packages\//, `packages/w${w}-`) })));
    for (const server of catalog.servers)
      outcome.records.set(
        `packages/w${w}-${server.slug}`,
        emitContext(server, catalog, versions, emitResources()).names.identifiers,
      );
  });
  return outcome;
}

describe("spec names equal to generated identifiers", () => {
  const outcome = run();
  let program: ts.Program | undefined;

  it("covers every kind of name with every identifier the emitters declare", () => {
    expect(identifiers).toEqual(
      expect.arrayContaining([
        "Manifest",
        "ToolName",
        "manifest",
        "toolSchemas",
        "handleToolCall",
        "schemaOf",
        "validate",
        "manifestToolsJson",
      ]),
    );
    expect(outcome.rejected.length).toBeGreaterThan(0);
  });

  it("rejects a name only with a positioned diagnostic that says what to rename", () => {
    for (const { label, diagnostics } of outcome.rejected) {
      expect(diagnostics.length, label).toBeGreaterThan(0);
      for (const d of diagnostics) {
        expect(d.line * d.col, `${label}: ${d.message}`).toBeGreaterThan(0);
        expect(d.code, `${label}: ${d.message}`).toBe("name-clash");
        expect(d.hint, label).toMatch(/^Rename /);
      }
    }
  });

  // One tsc program over every accepted package: several seconds, more on a busy machine.
  it("compiles every accepted spec's package under strict TypeScript", { timeout: 180_000 }, () => {
    expect(outcome.records.size).toBeGreaterThan(10);
    expect(compileGenerated(scratch, outcome.files, { emit: false }).diagnostics).toEqual([]);
    program = generatedProgram(scratch, outcome.files);
  });

  // What keeps the list complete: a name an emitter prints without declaring it fails here.
  it("declares every identifier the generated modules hold at module scope or read from the globals", () => {
    if (program === undefined) throw new Error("the packages did not compile");
    const checker = program.getTypeChecker();
    const unlisted = new Set<string>();
    for (const source of program.getSourceFiles()) {
      const path = source.fileName.slice(scratch.length + 1);
      const record = outcome.records.get(path.split("/").slice(0, 2).join("/"));
      if (record === undefined) continue;
      // A captured body's component types, component checks and check parts are numbered after the
      // tool's body type or body check, which the record holds.
      const numbered = /(?:Component|Part)?\d+$/;
      const names = [...moduleScopeNames(source), ...globalsRead(source, program, checker)].filter(
        (name) => !record.has(name) && !record.has(name.replace(numbered, "")),
      );
      for (const name of names) unlisted.add(`${path.replace(/^packages\/w\d+-[^/]+\//, "")}: ${name}`);
    }
    expect([...unlisted].sort()).toEqual([]);
  });
});

/** Names declared or imported at the top level of a module (re-exports bind nothing). */
function moduleScopeNames(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    if (ts.isVariableStatement(statement))
      return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
    if (
      ts.isFunctionDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement)
    )
      return statement.name === undefined ? [] : [statement.name.text];
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named =
        clause?.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.map((e) => e.name.text)
          : [];
      return [...(clause?.name === undefined ? [] : [clause.name.text]), ...named];
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause !== undefined &&
      ts.isNamedExports(statement.exportClause)
    ) {
      return statement.exportClause.elements.map((e) => e.name.text);
    }
    return [];
  });
}

/**
 * Globals the module names (`Object`, `Partial`): identifiers that resolve to a default library's declarations, members
 * aside.
 */
function globalsRead(source: ts.SourceFile, program: ts.Program, checker: ts.TypeChecker): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      const declarations = symbol?.declarations ?? [];
      const member = symbol !== undefined && (symbol.flags & (ts.SymbolFlags.Property | ts.SymbolFlags.Method)) !== 0;
      if (
        !member &&
        declarations.length > 0 &&
        declarations.every((d) => program.isSourceFileDefaultLibrary(d.getSourceFile()))
      )
        found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
