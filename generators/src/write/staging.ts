// A run's staging area: packages/.toolcat-staging-<pid>-<random>/, one directory per package to
// swap in, on the same file system as the packages so the swap is a rename. A run fills it while
// it generates, without the lock (another run's cleanup leaves it alone while this pid runs, see
// lock.ts), one package at a time, so no package's files stay in memory once staged.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { stagingPrefix } from "./lock.ts";
import type { PackageFiles } from "./output.ts";

export class Staging {
  /** Absolute path of the staging directory. */
  readonly dir: string;
  private readonly staged = new Set<string>();
  private owned = true;

  constructor(root: string) {
    mkdirSync(join(root, "packages"), { recursive: true });
    this.dir = mkdtempSync(join(root, "packages", `${stagingPrefix}${process.pid}-`));
  }

  get name(): string {
    return basename(this.dir);
  }

  has(slug: string): boolean {
    return this.staged.has(slug);
  }

  /** Writes the package complete, replacing any copy staged before. */
  put({ slug, files }: PackageFiles): void {
    this.drop(slug);
    mkdirSync(join(this.dir, slug));
    this.staged.add(slug);
    // Each directory is made once, not once per file written into it.
    const made = new Set([join(this.dir, slug)]);
    for (const file of files) {
      const target = join(this.dir, slug, file.path.slice(`packages/${slug}/`.length));
      if (!made.has(dirname(target))) {
        mkdirSync(dirname(target), { recursive: true });
        made.add(dirname(target));
      }
      writeFileSync(target, file.text);
    }
  }

  /** Stages a package's removal: an empty directory, into which the swap moves what other tools own. */
  putRemoval(slug: string): void {
    this.put({ slug, files: [] });
  }

  drop(slug: string): void {
    if (this.staged.delete(slug)) rmSync(join(this.dir, slug), { recursive: true, force: true });
  }

  /** From here on the swap's journal names the directory, and only the swap (or its recovery) removes it. */
  handOver(): void {
    this.owned = false;
  }

  /** Removes the directory unless the swap owns it: a failed run leaves no staging behind. */
  discard(): void {
    if (this.owned) rmSync(this.dir, { recursive: true, force: true });
  }
}
