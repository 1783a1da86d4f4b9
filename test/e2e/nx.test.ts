// Nx on a copy of the workspace, one copy for all (each Nx run there hashes the whole tree):
// - caching of `generate`: after one spec edit exactly that package is regenerated while the other
//   six come from the cache;
// - `generate` inputs cover every runtime source the generators import: each is among the files Nx
//   hashes for the target, and editing one regenerates instead of replaying the cache. The file list
//   comes from the import graph, so a new import is covered without editing this test;
// - likewise `tools:test` takes every file its tests import as an input, so an edit to the Nx plugin
//   or the bench re-runs their tests.
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetNxRun, generateArgs, nxRunTasks, ownNxCache } from "../support/nx-run.ts";
import { workspaceRoot } from "../support/packages.ts";
import { copyWorkspace, type WorkspaceCopy } from "../support/workspace-copy.ts";

/** Every file reachable by relative imports from the given sources. */
function importGraph(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles)
      if (fileName.startsWith(".")) pending.push(resolve(dirname(file), fileName));
  }
  return seen;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));
}

const runtimeSrc = join(workspaceRoot, "packages/runtime/src");
const runtimeFilesRead = [...importGraph(sourcesUnder(join(workspaceRoot, "generators/src")))]
  .filter((file) => file.startsWith(runtimeSrc + "/"))
  .map((file) => relative(workspaceRoot, file))
  .sort();

let ws: WorkspaceCopy;
beforeAll(() => {
  ws = copyWorkspace("toolcat-nx-");
});
afterAll(() => ws.remove());

/** Runs Nx in the copy, with a cache of its own, and returns the projects whose generate task ran (not replayed). */
function generateRan(args: readonly string[]): string[] {
  forgetNxRun(ws.root);
  const result = ws.run("npx", ["nx", ...args, "--outputStyle=static"], ownNxCache(ws.root));
  expect(result.status, result.stdout + result.stderr).toBe(0);
  const tasks = nxRunTasks(ws.root, "generate");
  expect(tasks.length, result.stdout).toBeGreaterThan(0);
  return tasks
    .filter((task) => !task.cached)
    .map((task) => task.project)
    .sort();
}

/** `npm run generate`: every package's task, run in one batch. */
const generateAll = () => generateRan(generateArgs);
const generateOne = () => generateRan(["run", "@toolcat/cloud-contacts:generate"]);

/** The files Nx hashes for a target, as `nx show target inputs` lists them. */
function inputFiles(target: string): Set<string> {
  const result = ws.run("npx", ["nx", "show", "target", "inputs", target, "--json"]);
  expect(result.status, result.stderr).toBe(0);
  return new Set((JSON.parse(result.stdout) as { files: string[] }).files);
}

describe("npm run generate with the Nx cache", () => {
  it("regenerates only the package whose spec changed", () => {
    expect(generateAll()).toHaveLength(7);
    const spec = join(ws.root, "specs/cloud-contacts.yaml");
    writeFileSync(
      spec,
      readFileSync(spec, "utf8").replace("purpose: search by name", "purpose: search contacts by name"),
    );
    expect(generateAll()).toEqual(["@toolcat/cloud-contacts"]);
    expect(readFileSync(join(ws.root, "packages/cloud-contacts/src/types.ts"), "utf8")).toContain(
      "Search contacts by name.",
    );
  });
});

describe("generate inputs", () => {
  it("the generators read runtime sources (otherwise this test checks nothing)", () => {
    expect(runtimeFilesRead).toContain("packages/runtime/src/validation.ts");
  });

  // Nx hashes exactly the files it lists, so one listing covers every file; one real edit shows
  // that a listed file's change is a cache miss.
  it("include every runtime file the generators import, and an edit to one regenerates", () => {
    const inputs = inputFiles("@toolcat/cloud-contacts:generate");
    expect(runtimeFilesRead.filter((file) => !inputs.has(file))).toEqual([]);
    expect(generateOne()).toEqual([]);
    appendFileSync(join(ws.root, "packages/runtime/src/validation.ts"), "\n// edited by the Nx inputs test\n");
    expect(generateOne()).toEqual(["@toolcat/cloud-contacts"]);
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
