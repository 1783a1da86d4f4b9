// Section 3b: Nx over 1,000 packages. In a copy of the workspace with 1,000 synthetic servers added
// beside the real ones (CloudContacts' header and five tools each, so the section stays about Nx,
// not generation), one run of `npm run generate`'s Nx command fills the cache; the measured runs
// change nothing, so every task is a cache hit and the time is Nx's own cost: project graph,
// hashing, cache restore.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { listSpecFiles } from "../../generators/src/loader/load.ts";
import { copyTree } from "../../test/support/copy-tree.ts";
import { runGenerate, type NxRun } from "./incremental.ts";
import { round, stats, timeNodeOk, type Stats, workspaceRoot } from "./measure.ts";
import { changedInputs, treeDigests, type TreeDigests } from "./nx-misses.ts";
import { writeSyntheticCatalog } from "./synthetic.ts";

export interface NxScaleResult {
  readonly packages: number;
  /** The cache-filling run, one sample: every package generates. */
  readonly emptyCacheMs: number;
  readonly warmCacheMs: Stats;
  /** Warm-cache median ÷ packages. */
  readonly perPackageMs: number;
}

export function benchNxScale(packages = 1000, runs = 3): NxScaleResult {
  const root = copyTree(workspaceRoot, "toolcat-bench-nx-scale-");
  try {
    writeSyntheticCatalog(workspaceRoot, packages - listSpecFiles(workspaceRoot).length, {
      template: "cloud-contacts",
      toolsPerServer: 5,
      into: root,
    });
    // Nx finds a package's project only once packages/<slug>/ exists: one plain `toolcat generate`
    // creates them, then the Nx run fills its cache (every task still executes once). Both run the
    // copy's own generators, as every Nx task does, not the ones of the workspace being measured.
    timeNodeOk([join(root, "generators/bin/toolcat.js"), "generate", "--quiet"], { cwd: root });
    // File digests before each run, to name the inputs that changed should a warm run miss the cache.
    const before: TreeDigests[] = [treeDigests(root)];
    const fill = runGenerate(root);
    if (fill.tasks.length !== packages)
      throw new Error(`the cache-filling run had ${fill.tasks.length} generate tasks for ${packages} packages`);
    const warm: NxRun[] = [];
    for (let i = 0; i < runs; i++) {
      before.push(treeDigests(root));
      const run = runGenerate(root);
      if (run.tasks.length !== packages)
        throw new Error(`a warm-cache run had ${run.tasks.length} generate tasks for ${packages} packages`);
      if (run.executed > 0) throw new Error(missReport(root, [fill, ...warm, run], before));
      warm.push(run);
    }
    const warmCacheMs = stats(warm.map((run) => round(run.milliseconds)));
    return {
      packages,
      emptyCacheMs: round(fill.milliseconds),
      warmCacheMs,
      perPackageMs: round(warmCacheMs.median / packages, 2),
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Why the last run executed tasks: each one's hash in the run before and the input files that changed. */
function missReport(root: string, runs: readonly NxRun[], before: readonly TreeDigests[]): string {
  const last = runs.length - 1;
  const missed = runs[last]!.executedProjects;
  const previous = new Map(runs[last - 1]!.tasks.map((task) => [task.project, task.hash]));
  const hashes = new Map(runs[last]!.tasks.map((task) => [task.project, task.hash]));
  const lines = missed.slice(0, 5).map((project) => {
    const changed = changedInputs(root, project, before[last - 1]!, before[last]!);
    return (
      `  ${project}: hash ${previous.get(project)} -> ${hashes.get(project)}; changed inputs: ` +
      `${changed.length > 0 ? changed.join(", ") : "no files (configuration or dependencies)"}`
    );
  });
  return [
    `warm-cache run ${last} executed ${missed.length} of ${hashes.size} generate task(s); the Nx cache missed:`,
    ...lines,
  ].join("\n");
}
