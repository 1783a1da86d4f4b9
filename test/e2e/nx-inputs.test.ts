// Nx `generate` inputs cover every runtime source the generators import: on a copy of the workspace,
// each is among the files Nx hashes for the target, and editing one regenerates instead of replaying
// the cache. The file list comes from the import graph, so a new import is covered without editing
// this test. Likewise `tools:test` takes every file its tests import as an input, so an edit to the
// Nx plugin or the bench re-runs their tests.
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

/** The files Nx hashes for a target, as `nx show target inputs` lists them. */
function inputFiles(target: string): Set<string> {
  const result = ws.run("npx", ["nx", "show", "target", "inputs", target, "--json"]);
  expect(result.status, result.stderr).toBe(0);
  return new Set((JSON.parse(result.stdout) as { files: string[] }).files);
}

describe("generate inputs", () => {
  it("the generators read runtime sources (otherwise this test checks nothing)", () => {
    expect(runtimeFilesRead).toContain("packages/runtime/src/validation.ts");
  });

  // Nx hashes exactly the files it lists, so one listing covers every file; one real edit shows
  // that a listed file's change is a cache miss.
  it("include every runtime file the generators import, and an edit to one regenerates", () => {
    const inputs = inputFiles("@toolcat/cloud-contacts:generate");
    expect(runtimeFilesRead.filter((file) => !inputs.has(file))).toEqual([]);
    generateRan();
    expect(generateRan()).toBe(false);
    appendFileSync(join(ws.root, "packages/runtime/src/validation.ts"), "\n// edited by the Nx inputs test\n");
    expect(generateRan()).toBe(true);
  });
});

describe("tools:test inputs", () => {
  it("include every file the tools' tests import", () => {
    const tools = join(workspaceRoot, "tools");
    const tests = sourcesUnder(tools).filter((file) => /\/test\/.*\.test\.ts$/.test(file));
    expect(tests.map((file) => relative(workspaceRoot, file))).toContain("tools/nx-plugin/test/outputs.test.ts");
    const inputs = inputFiles("tools:test");
    const read = [...importGraph(tests)].map((file) => relative(workspaceRoot, file)).sort();
    expect(read.filter((file) => !inputs.has(file))).toEqual([]);
  });
});
