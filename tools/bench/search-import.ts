// Cold import before and after tool search: the package as it was in the commit before search was
// added (its sources and the runtime's, built in a scratch directory) against the package now, each
// imported by a fresh process, interleaved so machine load hits both alike.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { interleave, round, stats, timeCommand, timeNodeOk, workspaceRoot, type Stats } from "./measure.ts";

export interface ImportBeforeAfter {
  readonly package: string;
  /** The commit measured as "before": the parent of the one that added the search. */
  readonly before: string;
  readonly beforeMs: Stats;
  readonly afterMs: Stats;
}

const git = (...args: string[]): string => execFileSync("git", args, { cwd: workspaceRoot, encoding: "utf8" }).trim();

/** The commit before `packages/runtime/src/search` existed. */
function baseRevision(): string {
  const added = git("log", "--diff-filter=A", "--format=%H", "-1", "--", "packages/runtime/src/search/tool-search.ts");
  return git("rev-parse", "--short", `${added}^`);
}

/** Builds the runtime and `slug` as they were at `revision` into `dir`, resolving dependencies from the workspace. */
function buildAt(revision: string, slug: string, dir: string): string {
  const archive = join(dir, "sources.tar");
  git("archive", "--output", archive, revision, "tsconfig.base.json", "packages/runtime", `packages/${slug}`);
  execFileSync("tar", ["-xf", archive, "-C", dir]);
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, "@toolcat"), { recursive: true });
  for (const entry of readdirSync(join(workspaceRoot, "node_modules"))) {
    if (entry !== "@toolcat" && entry !== ".bin") symlinkSync(join(workspaceRoot, "node_modules", entry), join(modules, entry), "dir");
  }
  symlinkSync(join(dir, "packages/runtime"), join(modules, "@toolcat/runtime"), "dir");
  for (const project of ["runtime", slug]) {
    const build = timeCommand(join(workspaceRoot, "node_modules/.bin/tsc"), ["-p", join(dir, "packages", project, "tsconfig.json")]);
    if (build.status !== 0) throw new Error(`building ${project} at ${revision} failed\n${build.stdout.slice(-4000)}`);
  }
  return pathToFileURL(join(dir, "packages", slug, "dist/index.js")).href;
}

export function importBeforeAfter(slugs: readonly string[], warmup: number, runs: number): ImportBeforeAfter[] {
  const before = baseRevision();
  return slugs.map((slug) => {
    const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-before-search-"));
    try {
      const old = buildAt(before, slug, dir);
      const importMs = (specifier: string) => () => (JSON.parse(timeNodeOk(["tools/bench/child/import.mjs", specifier]).stdout) as { importMs: number }).importMs;
      const times = interleave({ before: importMs(old), after: importMs(`@toolcat/${slug}`) }, warmup, runs);
      const ms = (values: readonly number[]) => stats(values.map((value) => round(value, 2)));
      return { package: `@toolcat/${slug}`, before, beforeMs: ms(times["before"]!), afterMs: ms(times["after"]!) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
