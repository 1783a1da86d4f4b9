// Explains an Nx cache miss in a scratch workspace: which of a task's input files (as Nx itself
// resolves them) changed content between two points in time.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { nxEnv } from "./incremental.ts";
import { timeCommand } from "./measure.ts";

/** Workspace-relative path → content digest. */
export type TreeDigests = ReadonlyMap<string, string>;

/** What Nx never hashes here (ignored by .gitignore): dependencies, its own cache, build output. */
const skipped = new Set(["node_modules", ".nx", "dist", ".git"]);

export function treeDigests(root: string): TreeDigests {
  const digests = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile())
        digests.set(relative(root, path), createHash("sha256").update(readFileSync(path)).digest("base64url"));
    }
  };
  walk(root);
  return digests;
}

/**
 * The project's generate input files (from `nx show target inputs`) whose content differs between the two snapshots.
 */
export function changedInputs(root: string, project: string, before: TreeDigests, after: TreeDigests): string[] {
  const run = timeCommand(
    join(root, "node_modules/.bin/nx"),
    ["show", "target", "inputs", `${project}:generate`, "--json"],
    { cwd: root, env: nxEnv },
  );
  if (run.status !== 0) return [`(nx show target inputs failed: ${run.stderr.trim().slice(0, 500)})`];
  const { files } = JSON.parse(run.stdout) as { files: readonly string[] };
  return files.filter((file) => before.get(file) !== after.get(file));
}
