// Section 2: the edit-regenerate loop through Nx. In a copy of the workspace, one run fills the Nx
// cache; then each measured run edits one spec's tool purpose and runs what `npm run generate`
// runs. Exactly one package may regenerate; the other six must come from the cache.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { round, stats, timeCommand, workspaceRoot, type Stats } from "./measure.ts";
import { copyTree } from "../../test/support/copy-tree.ts";
import { forgetNxRun, generateArgs, nxRunTasks, ownNxCache, type NxTask } from "../../test/support/nx-run.ts";

export interface IncrementalResult {
  readonly editedSpec: string;
  /** The first run, with an empty cache: every package generates (one sample, for scale). */
  readonly emptyCacheMs: number;
  readonly oneSpecEditedMs: Stats;
  readonly noChangeMs: Stats;
  /** Packages whose generate task executed after one spec edit, the most seen over all runs; must be 1. */
  readonly packagesRegenerated: number;
  readonly packagesFromCache: number;
}

/** The spec both edit loops (Nx and watch mode) change, and the text each edit extends. */
export const editedSpec = "specs/cloud-sheets.yaml";
export const anchor = "purpose: read a range from one sheet";
// The daemon would carry state between runs and Nx Cloud is unreachable offline.
export const nxEnv = { NX_DAEMON: "false", NX_NO_CLOUD: "true", NX_TUI: "false" };

export interface NxRun {
  readonly milliseconds: number;
  readonly executed: number;
  readonly cached: number;
  readonly executedProjects: readonly string[];
  readonly tasks: readonly NxTask[];
}

/** Runs `npm run generate`'s Nx command in root, with a cache of its own, and counts its tasks from Nx's run record. */
export function runGenerate(root: string): NxRun {
  forgetNxRun(root);
  const env = { ...nxEnv, ...ownNxCache(root) };
  const run = timeCommand(join(root, "node_modules/.bin/nx"), [...generateArgs, "--outputStyle=static"], {
    cwd: root,
    env,
  });
  if (run.status !== 0)
    throw new Error(
      `nx ${generateArgs.join(" ")} failed (${run.status})\n${run.stdout.slice(-4000)}${run.stderr.slice(-4000)}`,
    );
  const tasks = nxRunTasks(root, "generate");
  const executedProjects = tasks.filter((task) => !task.cached).map((task) => task.project);
  return {
    milliseconds: run.milliseconds,
    executed: executedProjects.length,
    cached: tasks.length - executedProjects.length,
    executedProjects,
    tasks,
  };
}

export function benchIncremental(edits = 5, noChangeRuns = 3): IncrementalResult {
  const root = copyTree(workspaceRoot, "toolcat-bench-nx-");
  try {
    const spec = join(root, editedSpec);
    const original = readFileSync(spec, "utf8");
    if (!original.includes(anchor))
      throw new Error(`${editedSpec} no longer contains "${anchor}"; update the benchmark's edit`);
    const fill = runGenerate(root);
    const noChange = Array.from({ length: noChangeRuns }, () => runGenerate(root));
    if (noChange.some((run) => run.executed !== 0))
      throw new Error("a run with no change regenerated packages; the Nx cache is not working");
    const edited = Array.from({ length: edits }, (_, i) => {
      // A new text each time: reverting to an earlier text would be a legitimate cache hit.
      writeFileSync(spec, original.replace(anchor, `${anchor} (benchmark edit ${i + 1})`));
      const run = runGenerate(root);
      const manifest = readFileSync(join(root, "packages/cloud-sheets/manifest.json"), "utf8");
      if (!manifest.includes(`(benchmark edit ${i + 1})`))
        throw new Error("the edited spec did not reach packages/cloud-sheets/manifest.json");
      return run;
    });
    return {
      editedSpec,
      emptyCacheMs: round(fill.milliseconds),
      oneSpecEditedMs: stats(edited.map((run) => run.milliseconds)),
      noChangeMs: stats(noChange.map((run) => run.milliseconds)),
      packagesRegenerated: Math.max(...edited.map((run) => run.executed)),
      packagesFromCache: Math.min(...edited.map((run) => run.cached)),
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
