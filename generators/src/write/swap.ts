// Whole-package swaps. Each changed package is staged complete beside packages/ (a removed one as
// an empty directory, staging.ts), a journal naming the staging is written (atomically, by rename),
// and only then are directories renamed into place.
// A run that fails before the journal exists leaves every package as it was and removes its staging
// (one killed there leaves the staging to the next run, which deletes it); a run killed after the
// journal is rolled forward by the next run. A package directory is only ever entirely old, absent
// (between two renames) or entirely new, never a mix. Hand-written files and build output move into
// the new directory unchanged.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { keptInPackage } from "./output.ts";
import type { Staging } from "./staging.ts";

export const journalFile = "packages/.toolcat-journal.json";

interface Journal {
  /** The staging directory's name under packages/. */
  readonly staging: string;
  readonly slugs: readonly string[];
}

/**
 * Test seam: called after each step; a hook that throws stands for a failure at that point (from the
 * journal on, where the run cleans nothing up, also for a kill).
 */
export type StepHook = (step: string) => void;

/**
 * Swaps in the packages staged under `slugs` (each a complete package, or an empty directory for a
 * package removed). The caller holds the lock.
 */
export function swapStaged(root: string, staging: Staging, slugs: readonly string[], step: StepHook = () => {}): void {
  if (slugs.length === 0) return;
  step("staged");
  const journal: Journal = { staging: staging.name, slugs };
  const pending = join(staging.dir, "journal.json");
  writeFileSync(pending, `${JSON.stringify(journal)}\n`);
  renameSync(pending, join(root, journalFile));
  staging.handOver();
  step("journal");
  finish(root, journal, step);
}

/** Rolls an interrupted swap forward; a no-op when no journal is left. */
export function recoverSwap(root: string): void {
  const path = join(root, journalFile);
  if (!existsSync(path)) return;
  finish(root, JSON.parse(readFileSync(path, "utf8")) as Journal, () => {});
}

function finish(root: string, journal: Journal, step: StepHook): void {
  const staging = join(root, "packages", journal.staging);
  const retired = join(staging, ".retired");
  mkdirSync(retired, { recursive: true });
  for (const slug of journal.slugs) {
    const next = join(staging, slug);
    const current = join(root, "packages", slug);
    if (!existsSync(next)) continue; // swapped before the interruption
    // The old directory leaves whole first, so the package is only ever old, absent or new.
    const old = join(retired, slug);
    if (existsSync(current)) renameSync(current, old);
    step(`retired:${slug}`);
    if (existsSync(old))
      for (const name of readdirSync(old).filter(keptInPackage)) renameSync(join(old, name), join(next, name));
    step(`kept:${slug}`);
    // A removed package keeps only what other tools own, if anything: without it, it is gone.
    if (readdirSync(next).length > 0) renameSync(next, current);
    else rmdirSync(next);
    step(`swapped:${slug}`);
  }
  rmSync(join(root, journalFile), { force: true });
  rmSync(staging, { recursive: true, force: true });
}
