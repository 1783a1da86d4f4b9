// runGenerate counts Nx tasks as ran or cached. Piped to another process, Nx's terminal output is
// cut short when it exits: with a few hundred cache hits a run printed none of its task lines, and
// the bench read that as tasks missing the cache. This workspace has enough projects for that and
// trivial tasks, so the count must come from Nx's own record of the run. The tasks use Nx's no-op
// executor: Nx hashes, caches and records them like any command, but starts no shell for each, which
// was most of this file's CPU time.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceRoot } from "../../../test/support/packages.ts";
import { runGenerate } from "../incremental.ts";

const projects = 300;
/** Two Nx runs over 300 projects take seconds on a busy 2-core machine. */
const timeout = 120_000;
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "toolcat-run-generate-"));
  symlinkSync(join(workspaceRoot, "node_modules"), join(root, "node_modules"), "dir");
  writeFileSync(join(root, "package.json"), `${JSON.stringify({ name: "run-generate-test", private: true })}\n`);
  writeFileSync(join(root, "nx.json"), `${JSON.stringify({ neverConnectToCloud: true })}\n`);
  for (let i = 0; i < projects; i++) {
    mkdirSync(join(root, `p${i}`));
    writeFileSync(join(root, `p${i}/input.txt`), "first\n");
    const generate = { executor: "nx:noop", cache: true, inputs: ["{projectRoot}/input.txt"], outputs: [] };
    writeFileSync(join(root, `p${i}/project.json`), `${JSON.stringify({ name: `p${i}`, targets: { generate } })}\n`);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("runGenerate", () => {
  it(
    "counts every task of a large run, as ran or from the cache, with its hash",
    () => {
      const fill = runGenerate(root);
      expect([fill.tasks.length, fill.executed, fill.cached]).toEqual([projects, projects, 0]);
      const warm = runGenerate(root);
      expect([warm.tasks.length, warm.executed, warm.cached]).toEqual([projects, 0, projects]);
      const hashes = (run: typeof fill) => new Map(run.tasks.map((task) => [task.project, task.hash]));
      expect(hashes(warm)).toEqual(hashes(fill));
    },
    timeout,
  );

  it(
    "names the tasks whose inputs changed as the ones that ran",
    () => {
      writeFileSync(join(root, "p7/input.txt"), "second\n");
      const run = runGenerate(root);
      expect(run.executedProjects).toEqual(["p7"]);
      expect(run.cached).toBe(projects - 1);
    },
    timeout,
  );
});

it("runs what npm run generate runs", async () => {
  const { generateArgs } = await import("../../../test/support/nx-run.ts");
  const scripts = (await import("../../../package.json", { with: { type: "json" } })).default.scripts;
  expect(scripts.generate).toBe(`nx ${generateArgs.join(" ")}`);
});
