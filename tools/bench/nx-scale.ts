// Section 3b: Nx over 1,000 packages. In a copy of the workspace with 1,000 synthetic servers added
// beside the real ones (CloudContacts' header and five tools each, so the section stays about Nx,
// not generation), one `nx run-many -t generate` fills the cache; the measured runs change nothing, so
// every task is a cache hit and the time is Nx's own cost: project graph, hashing, cache restore.
import { rmSync } from "node:fs";
import { listSpecFiles } from "../../generators/src/loader/load.ts";
import { copyTree } from "../../test/support/copy-tree.ts";
import { runGenerate } from "./incremental.ts";
import { toolcatBin } from "./generation.ts";
import { round, stats, timeNodeOk, workspaceRoot, type Stats } from "./measure.ts";
import { writeSyntheticCatalog } from "./synthetic.ts";

export interface NxScaleResult {
  readonly packages: number;
  /** The cache-filling run, one sample: every package generates. */
  readonly emptyCacheMs: number;
  readonly warmCacheMs: Stats;
  /** Warm-cache time ÷ packages. */
  readonly perPackageMs: number;
}

export function benchNxScale(packages = 1000, runs = 3): NxScaleResult {
  const root = copyTree(workspaceRoot, "toolcat-bench-nx-scale-");
  try {
    writeSyntheticCatalog(workspaceRoot, packages - listSpecFiles(workspaceRoot).length, { template: "cloud-contacts", toolsPerServer: 5, into: root });
    // Nx finds a package's project only once packages/<slug>/ exists: one plain `toolcat generate`
    // creates them, then the Nx run fills its cache (every task still executes once).
    timeNodeOk([toolcatBin, "generate", "--quiet"], { cwd: root });
    const fill = runGenerate(root);
    if (fill.executed + fill.cached !== packages) throw new Error(`the cache-filling run generated ${fill.executed} of ${packages} packages`);
    const warm = Array.from({ length: runs }, () => runGenerate(root));
    const unlisted = warm.find((run) => run.executed + run.cached !== packages);
    if (unlisted !== undefined) throw new Error(`a warm-cache run listed ${unlisted.executed + unlisted.cached} of ${packages} generate tasks`);
    const missed = warm.flatMap((run) => run.executedProjects);
    if (missed.length > 0) throw new Error(`warm-cache runs executed ${missed.length} task(s) (${[...new Set(missed)].slice(0, 20).join(", ")}): the Nx cache missed`);
    const warmCacheMs = stats(warm.map((run) => round(run.milliseconds)));
    return { packages, emptyCacheMs: round(fill.milliseconds), warmCacheMs, perPackageMs: round(warmCacheMs.median / packages, 2) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
