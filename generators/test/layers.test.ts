// The layer rules are only as good as their paths: each case plants one forbidden arrow in a scratch
// workspace holding the repository's dependency-cruiser config, runs the dependency-cruiser step of
// `npm run lint` there exactly as the lint target spells it, and expects it to fail naming that rule.
// A tree of allowed arrows must pass, so a rule that matches everything fails too.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { workspaceRoot } from "./support.ts";

/** The lint target's dependency-cruiser command, split into its arguments after `depcruise`. */
function lintArguments(): string[] {
  const project = JSON.parse(readFileSync(join(workspaceRoot, "tools/project.json"), "utf8")) as { targets: { lint: { command: string } } };
  const step = project.targets.lint.command.split("&&").map((part) => part.trim()).find((part) => part.startsWith("depcruise "));
  if (step === undefined) throw new Error("the lint target runs no depcruise step");
  return step.split(/\s+/).slice(1);
}

const args = lintArguments();
const scanned = args.filter((arg, i) => !arg.startsWith("-") && !args[i - 1]?.startsWith("--config"));

/** Files every scratch workspace holds: allowed arrows between the layers. */
const allowed: Record<string, string> = {
  "generators/src/ir/types.ts": 'export const ir = "ir";\n',
  "generators/src/core/files.ts": 'import { ir } from "../ir/types.ts";\nexport const core = ir;\n',
  "generators/src/loader/load.ts": 'import { ir } from "../ir/types.ts";\nimport { core } from "../core/files.ts";\nimport { formats } from "../../../packages/runtime/src/formats.ts";\nexport const loader = [ir, core, formats];\n',
  "generators/src/emit/registry.ts": 'import { ir } from "../ir/types.ts";\nimport { formats } from "../../../packages/runtime/src/formats.ts";\nexport const emit = [ir, formats];\n',
  "generators/src/write/write.ts": 'import { loader } from "../loader/load.ts";\nexport const write = loader;\n',
  "generators/src/pipeline/run.ts": 'import { emit } from "../emit/registry.ts";\nimport { write } from "../write/write.ts";\nexport const pipeline = [emit, write];\n',
  "generators/src/release/plan.ts": 'import { loader } from "../loader/load.ts";\nexport const release = loader;\n',
  "generators/src/cli/commands.ts": 'import { pipeline } from "../pipeline/run.ts";\nimport { release } from "../release/plan.ts";\nexport const cli = [pipeline, release];\n',
  "packages/runtime/src/formats.ts": 'export const formats = "formats";\n',
};

/** Forbidden arrows, each from a planted file to a file the allowed tree holds. */
const planted: readonly { readonly rule: string; readonly from: string; readonly to: string; readonly text: string }[] = [
  { rule: "loader-no-emit-write", from: "generators/src/loader/names.ts", to: "generators/src/emit/registry.ts", text: 'import { emit } from "../emit/registry.ts";\nexport const names = emit;\n' },
  { rule: "loader-no-emit-write", from: "generators/src/loader/refresh.ts", to: "generators/src/write/write.ts", text: 'import { write } from "../write/write.ts";\nexport const refresh = write;\n' },
  { rule: "ir-imports-only-ir", from: "generators/src/ir/formats.ts", to: "packages/runtime/src/formats.ts", text: 'import { formats } from "../../../packages/runtime/src/formats.ts";\nexport const names = formats;\n' },
  { rule: "ir-imports-only-ir", from: "generators/src/ir/checked.ts", to: "generators/src/core/files.ts", text: 'import { core } from "../core/files.ts";\nexport const checked = core;\n' },
  { rule: "pipeline-release-no-cli", from: "generators/src/pipeline/watch.ts", to: "generators/src/cli/commands.ts", text: 'import { cli } from "../cli/commands.ts";\nexport const watch = cli;\n' },
  { rule: "pipeline-release-no-cli", from: "generators/src/release/diff.ts", to: "generators/src/cli/commands.ts", text: 'import type { cli } from "../cli/commands.ts";\nexport type Diff = typeof cli;\n' },
  // A type-only cycle between two files of different emit families.
  { rule: "no-circular", from: "generators/src/emit/schema/manifest.ts", to: "generators/src/emit/model/tools.ts", text: 'import type { Tools } from "../model/tools.ts";\nexport type Manifest = Tools[];\n' },
  { rule: "no-circular", from: "generators/src/emit/model/tools.ts", to: "generators/src/emit/schema/manifest.ts", text: 'import type { Manifest } from "../schema/manifest.ts";\nexport type Tools = { manifest?: Manifest };\n' },
];

const scratchRoot = mkdtempSync(join(tmpdir(), "toolcat-layers-"));
afterAll(() => rmSync(scratchRoot, { recursive: true, force: true }));

/** A scratch workspace with the repository's config, every path the lint scans, the allowed files and `extra`. */
function workspace(name: string, extra: Record<string, string>): string {
  const root = join(scratchRoot, name);
  for (const path of scanned) mkdirSync(join(root, path), { recursive: true });
  for (const file of [".dependency-cruiser.json", "tsconfig.base.json"]) cpSync(join(workspaceRoot, file), join(root, file));
  for (const [path, text] of Object.entries({ ...allowed, ...extra })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function lint(root: string): { status: number | null; output: string } {
  const bin = join(workspaceRoot, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

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

    it.each(planted.map((arrow) => [arrow.from, arrow.to, arrow.rule] as const))("reports %s → %s as %s", { timeout: 60_000 }, (from, to, rule) => {
      // One violation per block (a cycle spans lines), whitespace folded: `error rule: a → b`.
      const violations = planting()
        .output.split(/\n(?=\s*(?:error|warn) )/)
        .map((block) => block.replace(/\s+/g, " ").trim());
      const found = violations.filter((v) => v.startsWith(`error ${rule}: `) && v.includes(`${from} → ${to}`));
      expect(found, planting().output).toHaveLength(1);
      // Only the planted arrows are reported (the two halves of the cycle are one): the allowed tree stays clean.
      expect(violations.filter((v) => v.startsWith("error ")).length, planting().output).toBe(planted.length - 1);
    });
  });
});
