// Nx `generate` inputs cover every runtime source the generators import: editing any of them, on a copy of
// the workspace, must regenerate instead of replaying the cache. The file list comes from the import graph,
// so a new import is covered without editing this test. Likewise `tools:test` takes every file its tests
// import as an input, so an edit to the Nx plugin or the bench re-runs their tests.
import { appendFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceRoot } from "../support/packages.ts";
import { copyWorkspace, type WorkspaceCopy } from "../support/workspace-copy.ts";

/** Every file reachable by relative imports from the generator sources. */
function importGraph(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) if (fileName.startsWith(".")) pending.push(resolve(dirname(file), fileName));
  }
  return seen;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts")).map((f) => join(dir, f));
}

const runtimeSrc = join(workspaceRoot, "packages/runtime/src");
const runtimeFilesRead = [...importGraph(sourcesUnder(join(workspaceRoot, "generators/src")))]
  .filter((file) => file.startsWith(runtimeSrc + "/"))
  .map((file) => relative(workspaceRoot, file))
  .sort();

let ws: WorkspaceCopy;
beforeAll(() => {
  ws = copyWorkspace("toolcat-nx-inputs-");
});
afterAll(() => ws.remove());

/** Runs one package's generate target; true when it ran rather than replaying the cache. */
function generateRan(): boolean {
  const result = ws.run("npx", ["nx", "run", "@toolcat/cloud-contacts:generate", "--outputStyle=static"]);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  const header = /^> nx run @toolcat\/cloud-contacts:generate(.*)$/m.exec(result.stdout);
  expect(header, result.stdout).not.toBeNull();
  return !/cache|existing outputs/.test(header?.[1] ?? "");
}

describe("generate inputs", () => {
  it("the generators read runtime sources (otherwise this test checks nothing)", () => {
    expect(runtimeFilesRead).toContain("packages/runtime/src/validation.ts");
  });

  it("regenerates after an edit to each runtime file the generators import", () => {
    generateRan();
    expect(generateRan()).toBe(false);
    for (const file of runtimeFilesRead) {
      appendFileSync(join(ws.root, file), "\n// edited by the Nx inputs test\n");
      expect(generateRan(), file).toBe(true);
    }
  });
});

describe("tools:test inputs", () => {
  it("include every file the tools' tests import", () => {
    const tools = join(workspaceRoot, "tools");
    const tests = sourcesUnder(tools).filter((file) => /\/test\/.*\.test\.ts$/.test(file));
    expect(tests.map((file) => relative(workspaceRoot, file))).toContain("tools/nx-plugin/test/outputs.test.ts");
    const result = ws.run("npx", ["nx", "show", "target", "inputs", "tools:test", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const inputs = new Set((JSON.parse(result.stdout) as { files: string[] }).files);
    const read = [...importGraph(tests)].map((file) => relative(workspaceRoot, file)).sort();
    expect(read.filter((file) => !inputs.has(file))).toEqual([]);
  });
});
