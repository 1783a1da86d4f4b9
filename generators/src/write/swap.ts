// Whole-package swaps. Each changed package is staged complete beside packages/ (a removed one as
// an empty directory), a journal naming the staging is written (atomically, by rename), and only
// then are directories renamed into place.
// A run killed before the journal exists leaves every package as it was (the next run deletes the
// staging); one killed after it is rolled forward by the next run. A package directory is only ever
// entirely old, absent (between two renames) or entirely new, never a mix. Hand-written files and build output move
// into the new directory unchanged.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { stagingPrefix } from "./lock.ts";
import { keptInPackage, type PackageFiles } from "./output.ts";

export const journalFile = "packages/.toolcat-journal.json";

interface Journal {
  /** The staging directory's name under packages/. */
  readonly staging: string;
  readonly slugs: readonly string[];
}

/** Test seam: called after each step; a hook that throws stands for a kill at that point. */
export type StepHook = (step: string) => void;

export function swapPackages(root: string, packages: readonly PackageFiles[], step: StepHook = () => {}): void {
  if (packages.length === 0) return;
  const staging = mkdtempSync(join(root, "packages", stagingPrefix));
  // Each directory is made once, not once per file written into it.
  const made = new Set<string>();
  for (const { slug, files } of packages) {
    mkdirSync(join(staging, slug));
    made.add(join(staging, slug));
    for (const file of files) {
      const target = join(staging, slug, file.path.slice(`packages/${slug}/`.length));
      if (!made.has(dirname(target))) {
        mkdirSync(dirname(target), { recursive: true });
        made.add(dirname(target));
      }
      writeFileSync(target, file.text);
    }
  }
  step("staged");
  const journal: Journal = { staging: basename(staging), slugs: packages.map((p) => p.slug) };
  const pending = join(staging, "journal.json");
  writeFileSync(pending, `${JSON.stringify(journal)}\n`);
  renameSync(pending, join(root, journalFile));
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
