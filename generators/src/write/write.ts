// Atomic, exclusive output. Writers hold packages/.toolcat-lock; an interrupted swap is rolled
// forward and staging left by a killed run is removed before anything else. Each changed package
// is then replaced whole (swap.ts), so a package is never a mix of old and new files. Packages whose
// spec is gone lose their generated files; what other tools own there (the changelog) stays.
import { mkdirSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { acquireLock, stagingLeftovers } from "./lock.ts";
import type { Plan } from "./output.ts";
import { recoverSwap, swapPackages, type StepHook } from "./swap.ts";

export function applyPlan(root: string, plan: Plan, step?: StepHook): void {
  mkdirSync(join(root, "packages"), { recursive: true });
  const release = acquireLock(root);
  try {
    recoverSwap(root);
    for (const leftover of stagingLeftovers(root)) rmSync(join(root, leftover), { recursive: true, force: true });
    swapPackages(root, plan.packages, step);
    const swapped = new Set(plan.packages.map((p) => p.slug));
    for (const path of plan.remove.filter((p) => !swapped.has(p.split("/")[1] ?? ""))) {
      rmSync(join(root, path), { force: true });
      pruneEmptyDirs(root, dirname(path));
    }
  } finally {
    release();
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
