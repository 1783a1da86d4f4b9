// Which tasks of an Nx run in a scratch workspace ran and which came from the cache, read from the
// record Nx writes after every run (<cache directory>/run.json: each task's hash and cache status),
// not from its terminal output, whose task lines depend on the output style and on batch mode.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/** The Nx arguments of `npm run generate`: every package's task, run in batches. */
export const generateArgs = ["run-many", "-t", "generate", "--batch"] as const;

/** One task as Nx recorded it: its hash, and whether it ran or came from the cache. */
export interface NxTask {
  readonly project: string;
  readonly hash: string;
  readonly cached: boolean;
}

interface RunRecord {
  readonly tasks?: readonly {
    readonly target?: string;
    readonly projectName?: string;
    readonly hash?: string;
    readonly cacheStatus?: string;
  }[];
}

/** The environment that gives the workspace at `root` a cache of its own, where its run record is. */
export const ownNxCache = (root: string): { NX_CACHE_DIRECTORY: string } => ({
  NX_CACHE_DIRECTORY: join(root, ".nx/cache"),
});

const recordFile = (root: string): string => join(ownNxCache(root).NX_CACHE_DIRECTORY, "run.json");

/** Removes the last run's record, so a run that writes none cannot be read as the one before it. */
export function forgetNxRun(root: string): void {
  rmSync(recordFile(root), { force: true });
}

/** The tasks of `target` in the last run (of a workspace run with `ownNxCache`); throws when there is no record. */
export function nxRunTasks(root: string, target: string): NxTask[] {
  const record = recordFile(root);
  if (!existsSync(record)) throw new Error(`Nx wrote no ${record}; cannot tell cache hits from runs`);
  return ((JSON.parse(readFileSync(record, "utf8")) as RunRecord).tasks ?? [])
    .filter((task) => task.target === target)
    .map((task): NxTask => {
      if (task.projectName === undefined || task.hash === undefined || task.cacheStatus === undefined)
        throw new Error(`unexpected task in ${record}: ${JSON.stringify(task)}`);
      return { project: task.projectName, hash: task.hash, cached: task.cacheStatus !== "cache-miss" };
    });
}
