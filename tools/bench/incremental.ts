// Section 2: the edit-regenerate loop through Nx. In a copy of the workspace, one run fills the Nx
// cache; then each measured run edits one spec's tool purpose and runs what `npm run generate`
// runs. Exactly one package may regenerate; the other six must come from the cache.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { round, stats, timeCommand, workspaceRoot, type Stats } from "./measure.ts";
import { copyTree } from "../../test/support/copy-tree.ts";

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

/** One generate task as Nx recorded it: its hash, and whether it ran or came from the cache. */
export interface NxTask {
  readonly project: string;
  readonly hash: string;
  readonly cached: boolean;
}

export interface NxRun {
  readonly milliseconds: number;
  readonly executed: number;
  readonly cached: number;
  readonly executedProjects: readonly string[];
  readonly tasks: readonly NxTask[];
}

interface RunRecord {
  readonly tasks?: readonly {
    readonly target?: string;
    readonly projectName?: string;
    readonly hash?: string;
    readonly cacheStatus?: string;
  }[];
}

/**
 * Runs `nx run-many -t generate` in root and counts its tasks from the record Nx writes after every run
 * (<cache directory>/run.json: each task's hash and cache status), not from its terminal output, whose
 * task lines depend on the output style.
 */
export function runGenerate(root: string): NxRun {
  // The scratch workspace's own cache, whatever NX_CACHE_DIRECTORY the caller has set.
  const cacheDirectory = join(root, ".nx/cache");
  const record = join(cacheDirectory, "run.json");
  rmSync(record, { force: true });
  const env = { ...nxEnv, NX_CACHE_DIRECTORY: cacheDirectory };
  const run = timeCommand(join(root, "node_modules/.bin/nx"), ["run-many", "-t", "generate", "--outputStyle=static"], {
    cwd: root,
    env,
  });
  if (run.status !== 0)
    throw new Error(
      `nx run-many -t generate failed (${run.status})\n${run.stdout.slice(-4000)}${run.stderr.slice(-4000)}`,
    );
  if (!existsSync(record))
    throw new Error(`nx run-many -t generate wrote no ${record}; cannot tell cache hits from runs`);
  const tasks = ((JSON.parse(readFileSync(record, "utf8")) as RunRecord).tasks ?? [])
    .filter((task) => task.target === "generate")
    .map((task): NxTask => {
      if (task.projectName === undefined || task.hash === undefined || task.cacheStatus === undefined)
        throw new Error(`unexpected task in ${record}: ${JSON.stringify(task)}`);
      return { project: task.projectName, hash: task.hash, cached: task.cacheStatus !== "cache-miss" };
    });
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
