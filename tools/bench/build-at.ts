// Builds packages as they were at an older commit, for before/after comparisons: their sources and
// the runtime's, taken with `git archive` into a scratch directory and built as that commit built
// them (its tools/build script where it has one, else the workspace's tsc), dependencies resolved
// from the workspace's node_modules (the older @toolcat/runtime linked in).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { timeCommand, workspaceRoot } from "./measure.ts";

export const git = (...args: string[]): string =>
  execFileSync("git", args, { cwd: workspaceRoot, encoding: "utf8" }).trim();

/** Builds the runtime and each of `slugs` at `revision` into `dir`; returns each package's directory. */
export function buildAt(revision: string, slugs: readonly string[], dir: string): Record<string, string> {
  const archive = join(dir, "sources.tar");
  const script = "tools/build/build-package.js";
  const hasScript = spawnSync("git", ["cat-file", "-e", `${revision}:${script}`], { cwd: workspaceRoot }).status === 0;
  const sources = [
    "tsconfig.base.json",
    "packages/runtime",
    ...slugs.map((slug) => `packages/${slug}`),
    // The whole directory: the script imports its siblings (command-bundle.js) in later commits.
    ...(hasScript ? ["tools/build"] : []),
  ];
  git("archive", "--output", archive, revision, ...sources);
  execFileSync("tar", ["-xf", archive, "-C", dir]);
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, "@toolcat"), { recursive: true });
  for (const entry of readdirSync(join(workspaceRoot, "node_modules"))) {
    if (entry !== "@toolcat" && entry !== ".bin")
      symlinkSync(join(workspaceRoot, "node_modules", entry), join(modules, entry), "dir");
  }
  symlinkSync(join(dir, "packages/runtime"), join(modules, "@toolcat/runtime"), "dir");
  for (const project of ["runtime", ...slugs]) {
    const packageDir = join(dir, "packages", project);
    const build = hasScript
      ? timeCommand(process.execPath, [join(dir, script), packageDir])
      : timeCommand(join(workspaceRoot, "node_modules/.bin/tsc"), ["-p", join(packageDir, "tsconfig.json")]);
    if (build.status !== 0) throw new Error(`building ${project} at ${revision} failed\n${build.stdout.slice(-4000)}`);
  }
  return Object.fromEntries(slugs.map((slug) => [slug, join(dir, "packages", slug)]));
}
