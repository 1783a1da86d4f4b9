// Atomic output: every changed file is first written to a staging directory on the same file
// system, and only when all of them are there are they renamed into place. A failure before that
// point leaves packages/ exactly as it was.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync, rmdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Plan } from "./output.ts";

export function applyPlan(root: string, plan: Plan): void {
  if (plan.write.length === 0 && plan.remove.length === 0) return;
  mkdirSync(join(root, "packages"), { recursive: true });
  const staging = mkdtempSync(join(root, "packages", ".toolcat-staging-"));
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
