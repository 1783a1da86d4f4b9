// Atomic, exclusive output, streamed. As each package is generated it is compared with packages/
// and, when it differs, written to the run's staging area (staging.ts); the run keeps only its
// files' digests, so memory holds one package's files at a time however large the catalog. Then,
// holding packages/.toolcat-lock, the run rolls an interrupted swap forward, removes staging a
// killed run left, compares every package again as packages/ is now (no run reads a package while
// another swaps it), and swaps each changed package in whole; a package whose spec is gone is
// removed whole (swap.ts). A package is never a mix of old and new files, nor half deleted, and a
// run that fails before its swap leaves packages/ as it was and no staging behind.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { acquireLock, stagingLeftovers } from "./lock.ts";
import {
  digestFiles,
  packageChanges,
  packageGone,
  stalePackages,
  unchanged,
  type Digests,
  type PackageChanges,
  type PackageFiles,
} from "./output.ts";
import { Staging } from "./staging.ts";
import { swapStaged, type StepHook, recoverSwap } from "./swap.ts";

/** Runs `task` holding the lock, once packages/ is settled (no interrupted swap, no staging left). */
function withLock<T>(root: string, task: () => T): T {
  const release = acquireLock(root);
  try {
    recoverSwap(root);
    for (const leftover of stagingLeftovers(root)) rmSync(join(root, leftover), { recursive: true, force: true });
    return task();
  } finally {
    release();
  }
}

/** What the caller generates again holding the lock, where a package's inputs moved since it was generated. */
export interface Regeneration {
  /** Whether what the package was generated from (its version on disk) has moved. */
  moved(slug: string): boolean;
  /** The package generated again from what is on disk now. */
  generate(slug: string): PackageFiles;
}

export interface WriteOptions {
  /** The run owns every package: generated packages on disk that `packages` did not yield are removed whole. */
  readonly full: boolean;
  /** Called once holding the lock, before any package is compared. */
  readonly settle: () => Regeneration;
  readonly step?: StepHook;
}

/**
 * Writes the packages `packages` yields, pulling the next only once the last is staged. Returns the
 * packages that changed (in the order yielded, then the ones removed).
 */
export function writePackages(
  root: string,
  packages: Iterable<PackageFiles>,
  { full, settle, step }: WriteOptions,
): PackageChanges[] {
  const staging = new Staging(root);
  try {
    const generated = new Map<string, Digests>();
    // Compared before the lock too, so a package that matches the tree is never written to staging.
    const stage = (files: PackageFiles): PackageChanges => {
      const digests = digestFiles(files.files);
      generated.set(files.slug, digests);
      const changes = packageChanges(root, files.slug, digests);
      if (unchanged(changes)) staging.drop(files.slug);
      else staging.put(files);
      return changes;
    };
    for (const files of packages) stage(files);
    return withLock(root, () => {
      const again = settle();
      const changed: PackageChanges[] = [];
      for (const slug of generated.keys()) {
        // A package generated again is compared as it is staged, the others with the tree as it is now.
        const changes = again.moved(slug)
          ? stage(again.generate(slug))
          : packageChanges(root, slug, generated.get(slug)!);
        if (unchanged(changes)) {
          staging.drop(slug);
          continue;
        }
        // The package matched the tree before the lock and another writer changed it since.
        if (!staging.has(slug)) staging.put(again.generate(slug));
        changed.push(changes);
      }
      if (full)
        for (const slug of stalePackages(root, new Set(generated.keys()))) {
          staging.putRemoval(slug);
          changed.push(packageGone(root, slug));
        }
      swapStaged(
        root,
        staging,
        changed.map((changes) => changes.slug),
        step,
      );
      return changed;
    });
  } finally {
    staging.discard();
  }
}
