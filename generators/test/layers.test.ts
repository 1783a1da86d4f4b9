// The layer rules are only as good as their paths: each case plants one forbidden arrow in a scratch
// workspace holding the repository's dependency-cruiser config, runs the dependency-cruiser step of
// `npm run lint` there exactly as the lint target spells it, and expects it to fail naming that rule.
// A tree of allowed arrows must pass, so a rule that matches everything fails too.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { emitFamilies } from "../src/emit/registry.ts";
import { workspaceRoot } from "./support.ts";

/** The lint target's dependency-cruiser command, split into its arguments after `depcruise`. */
function lintArguments(): string[] {
  const project = JSON.parse(readFileSync(join(workspaceRoot, "tools/project.json"), "utf8")) as {
    targets: { lint: { command: string } };
  };
  const step = project.targets.lint.command
    .split("&&")
    .map((part) => part.trim())
    .find((part) => part.startsWith("depcruise "));
  if (step === undefined) throw new Error("the lint target runs no depcruise step");
  return step.split(/\s+/).slice(1);
}

const args = lintArguments();
const scanned = args.filter((arg, i) => !arg.startsWith("-") && !args[i - 1]?.startsWith("--config"));

/** Files every scratch workspace holds: allowed arrows between the layers. */
const allowed: Record<string, string> = {
  "generators/src/ir/types.ts": 'export const ir = "ir";\n',
  "generators/src/core/files.ts": 'import { ir } from "../ir/types.ts";\nexport const core = ir;\n',
  "generators/src/loader/load.ts":
    'import { ir } from "../ir/types.ts";\nimport { core } from "../core/files.ts";\nimport { formats } from ' +
    '"../../../packages/runtime/src/formats.ts";\nexport const loader = [ir, core, formats];\n',
  "generators/src/emit/core/emitter.ts": 'import { ir } from "../../ir/types.ts";\nexport const emitter = ir;\n',
  "generators/src/emit/schema/input-schema.ts":
    'import { emitter } from "../core/emitter.ts";\nexport const inputSchema = emitter;\n',
  "generators/src/emit/model/tools.ts":
    'import { inputSchema } from "../schema/input-schema.ts";\nexport const tools = inputSchema;\n',
  "generators/src/emit/registry.ts":
    'import { tools } from "./model/tools.ts";\nimport { formats } from ' +
    '"../../../packages/runtime/src/formats.ts";\nexport const emit = [tools, formats];\n',
  "generators/src/write/write.ts": 'import { loader } from "../loader/load.ts";\nexport const write = loader;\n',
  "generators/src/pipeline/run.ts":
    'import { emit } from "../emit/registry.ts";\nimport { write } from "../write/write.ts";\nexport const ' +
    "pipeline = [emit, write];\n",
  "generators/src/release/plan.ts": 'import { loader } from "../loader/load.ts";\nexport const release = loader;\n',
  "generators/src/cli/commands.ts":
    'import { pipeline } from "../pipeline/run.ts";\nimport { release } from "../release/plan.ts";\nexport const ' +
    "cli = [pipeline, release];\n",
  "packages/runtime/src/formats.ts": 'export const formats = "formats";\n',
};

/** Forbidden arrows, each from a planted file to a file the allowed tree holds. */
const planted: readonly { readonly rule: string; readonly from: string; readonly to: string; readonly text: string }[] =
  [
    {
      rule: "loader-no-emit-write",
      from: "generators/src/loader/names.ts",
      to: "generators/src/emit/registry.ts",
      text: 'import { emit } from "../emit/registry.ts";\nexport const names = emit;\n',
    },
    {
      rule: "loader-no-emit-write",
      from: "generators/src/loader/refresh.ts",
      to: "generators/src/write/write.ts",
      text: 'import { write } from "../write/write.ts";\nexport const refresh = write;\n',
    },
    {
      rule: "ir-imports-only-ir",
      from: "generators/src/ir/formats.ts",
      to: "packages/runtime/src/formats.ts",
      text: 'import { formats } from "../../../packages/runtime/src/formats.ts";\nexport const names = formats;\n',
    },
    {
      rule: "ir-imports-only-ir",
      from: "generators/src/ir/checked.ts",
      to: "generators/src/core/files.ts",
      text: 'import { core } from "../core/files.ts";\nexport const checked = core;\n',
    },
    {
      rule: "pipeline-release-no-cli",
      from: "generators/src/pipeline/watch.ts",
      to: "generators/src/cli/commands.ts",
      text: 'import { cli } from "../cli/commands.ts";\nexport const watch = cli;\n',
    },
    {
      rule: "pipeline-release-no-cli",
      from: "generators/src/release/diff.ts",
      to: "generators/src/cli/commands.ts",
      text: 'import type { cli } from "../cli/commands.ts";\nexport type Diff = typeof cli;\n',
    },
    {
      rule: "emit-is-pure",
      from: "generators/src/emit/readme/template.ts",
      to: "fs",
      text: 'import { readFileSync } from "node:fs";\nexport const template = readFileSync;\n',
    },
    {
      rule: "emit-is-pure",
      from: "generators/src/emit/search/wordnet.ts",
      to: "generators/src/pipeline/run.ts",
      text: 'import { pipeline } from "../../pipeline/run.ts";\nexport const wordnet = pipeline;\n',
    },
    // An edge between emit families that schema/ does not declare (model/ takes from schema/, not back).
    {
      rule: "emit-family-schema",
      from: "generators/src/emit/schema/described.ts",
      to: "generators/src/emit/model/tools.ts",
      text: 'import { tools } from "../model/tools.ts";\nexport const described = tools;\n',
    },
    {
      rule: "emit-family-core",
      from: "generators/src/emit/core/shared.ts",
      to: "generators/src/emit/schema/input-schema.ts",
      text: 'import { inputSchema } from "../schema/input-schema.ts";\nexport const shared = inputSchema;\n',
    },
    // A type-only cycle inside one family.
    {
      rule: "no-circular",
      from: "generators/src/emit/model/manifest.ts",
      to: "generators/src/emit/model/entry.ts",
      text: 'import type { Entry } from "./entry.ts";\nexport type Manifest = Entry[];\n',
    },
    {
      rule: "no-circular",
      from: "generators/src/emit/model/entry.ts",
      to: "generators/src/emit/model/manifest.ts",
      text: 'import type { Manifest } from "./manifest.ts";\nexport type Entry = { manifest?: Manifest };\n',
    },
  ];

const scratchRoot = mkdtempSync(join(tmpdir(), "toolcat-layers-"));
afterAll(() => rmSync(scratchRoot, { recursive: true, force: true }));

/** A scratch workspace with the repository's config, every path the lint scans, the allowed files and `extra`. */
function workspace(name: string, extra: Record<string, string>): string {
  const root = join(scratchRoot, name);
  for (const path of scanned) mkdirSync(join(root, path), { recursive: true });
  for (const file of [".dependency-cruiser.json", "tsconfig.base.json"])
    cpSync(join(workspaceRoot, file), join(root, file));
  for (const [path, text] of Object.entries({ ...allowed, ...extra })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function lint(root: string): { status: number | null; output: string } {
  const bin = join(workspaceRoot, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8" });
  // Nx runs tasks with FORCE_COLOR set: the rules are read from the text, not its colours.
  return { status: run.status, output: stripVTControlCharacters(`${run.stdout}${run.stderr}`) };
}

interface Rule {
  readonly name: string;
  readonly to: { readonly pathNot?: string };
}

/** What each emit family declares it takes from the others, read from its `emit-family-<name>` rule. */
function familyEdges(): Map<string, string[]> {
  const config = JSON.parse(readFileSync(join(workspaceRoot, ".dependency-cruiser.json"), "utf8")) as {
    forbidden: Rule[];
  };
  const edges = new Map<string, string[]>();
  for (const rule of config.forbidden) {
    const family = /^emit-family-(.+)$/.exec(rule.name)?.[1];
    const allowed = /^\^generators\/src\/emit\/\(([^)]+)\)\/$/.exec(rule.to.pathNot ?? "")?.[1];
    if (family === undefined) continue;
    if (allowed === undefined) throw new Error(`${rule.name}: pathNot is not a list of families`);
    edges.set(
      family,
      allowed.split("|").filter((other) => other !== family),
    );
  }
  return edges;
}

describe("emit families", () => {
  const edges = familyEdges();

  it("each declare what they take from the others", () => {
    const folders = readdirSync(join(workspaceRoot, "generators/src/emit"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...edges.keys()].sort()).toEqual(folders.sort());
    for (const takes of edges.values()) for (const family of takes) expect(folders).toContain(family);
  });

  it("are enforced by the lint exactly as their family.ts declares them", () => {
    const declared = new Map(emitFamilies.map((family) => [family.name, family.takes.map((t) => t.name).sort()]));
    // Every family takes from core/; the declarations leave that unsaid.
    const linted = [...edges].map(([family, takes]) => [family, takes.filter((t) => t !== "core").sort()] as const);
    expect(new Map(linted)).toEqual(declared);
  });

  it("take from each other without a loop", () => {
    const done = new Set<string>();
    const visit = (family: string, path: readonly string[]): void => {
      if (path.includes(family)) throw new Error(`emit families loop: ${[...path, family].join(" → ")}`);
      if (done.has(family)) return;
      for (const next of edges.get(family) ?? []) visit(next, [...path, family]);
      done.add(family);
    };
    for (const family of edges.keys()) visit(family, []);
    expect(done.size).toBe(edges.size);
  });
});

describe("the lint's layer rules", () => {
  it("scans the generators' sources", () => {
    expect(scanned).toContain("generators/src");
  });

  // Each run starts a dependency-cruiser process: a few seconds on a busy machine.
  it("passes a tree of allowed arrows", { timeout: 60_000 }, () => {
    const { status, output } = lint(workspace("allowed", {}));
    expect(output).toMatch(/no dependency violations found/);
    expect(status).toBe(0);
  });

  describe("with every forbidden arrow planted", () => {
    let result: { status: number | null; output: string } | undefined;
    const planting = (): { status: number | null; output: string } =>
      (result ??= lint(workspace("planted", Object.fromEntries(planted.map((arrow) => [arrow.from, arrow.text])))));

    it("fails", { timeout: 60_000 }, () => {
      expect(planting().status).not.toBe(0);
    });

    it.each(planted.map((arrow) => [arrow.from, arrow.to, arrow.rule] as const))(
      "reports %s → %s as %s",
      { timeout: 60_000 },
      (from, to, rule) => {
        // One violation per block (a cycle spans lines), whitespace folded: `error rule: a → b`.
        const violations = planting()
          .output.split(/\n(?=\s*(?:error|warn) )/)
          .map((block) => block.replace(/\s+/g, " ").trim());
        const found = violations.filter((v) => v.startsWith(`error ${rule}: `) && v.includes(`${from} → ${to}`));
        expect(found, planting().output).toHaveLength(1);
        // Only the planted arrows are reported (the two halves of the cycle are one): the allowed tree stays clean.
        expect(violations.filter((v) => v.startsWith("error ")).length, planting().output).toBe(planted.length - 1);
      },
    );
  });
});
