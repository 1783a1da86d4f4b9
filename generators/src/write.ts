// Atomic output: every changed file is first written to a staging directory on the same file
// system, and only when all of them are there are they renamed into place. A failure before that
// point leaves packages/ exactly as it was. Writers hold packages/.toolcat-lock, and staging left by
// a killed run is removed first.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync, rmdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { acquireLock, stagingLeftovers, stagingPrefix } from "./lock.ts";
import type { Plan } from "./output.ts";

export function applyPlan(root: string, plan: Plan): void {
  mkdirSync(join(root, "packages"), { recursive: true });
  const release = acquireLock(root);
  try {
    for (const leftover of stagingLeftovers(root)) rmSync(join(root, leftover), { recursive: true, force: true });
    if (plan.write.length > 0 || plan.remove.length > 0) writeStaged(root, plan);
  } finally {
    release();
  }
}

function writeStaged(root: string, plan: Plan): void {
  const staging = mkdtempSync(join(root, "packages", stagingPrefix));
  try {
    plan.write.forEach((file, i) => writeFileSync(join(staging, String(i)), file.text));
    plan.write.forEach((file, i) => {
      const target = join(root, file.path);
      mkdirSync(dirname(target), { recursive: true });
      renameSync(join(staging, String(i)), target);
    });
    for (const path of plan.remove) {
      rmSync(join(root, path), { force: true });
      pruneEmptyDirs(root, dirname(path));
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Removes directories left empty by deletions, up to packages/. */
function pruneEmptyDirs(root: string, relative: string): void {
  for (let dir = relative; dir.startsWith("packages/"); dir = dirname(dir)) {
    const absolute = join(root, dir);
    try {
      if (readdirSync(absolute).length > 0) return;
      rmdirSync(absolute);
    } catch {
      return;
    }
  }
}
