// Atomic, exclusive output. Writers hold packages/.toolcat-lock; an interrupted swap is rolled
// forward and staging left by a killed run is removed before anything else. The plan is made
// under the lock too, so no run reads a package while another swaps it. Each changed package is
// then replaced whole and a package whose spec is gone is removed whole (swap.ts), so a package
// is never a mix of old and new files, nor half deleted.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { acquireLock, stagingLeftovers } from "./lock.ts";
import type { Plan } from "./output.ts";
import { recoverSwap, swapPackages, type StepHook } from "./swap.ts";

/** Runs `task` holding the lock, once packages/ is settled (no interrupted swap, no staging left). */
function withLock<T>(root: string, task: () => T): T {
  mkdirSync(join(root, "packages"), { recursive: true });
  const release = acquireLock(root);
  try {
    recoverSwap(root);
    for (const leftover of stagingLeftovers(root)) rmSync(join(root, leftover), { recursive: true, force: true });
    return task();
  } finally {
    release();
  }
}

/** Plans against packages/ as it is under the lock, applies the plan, and returns it. */
export function applyPlan(root: string, makePlan: () => Plan, step?: StepHook): Plan {
  return withLock(root, () => {
    const planned = makePlan();
    swapPackages(root, planned.packages, step);
    return planned;
  });
}
