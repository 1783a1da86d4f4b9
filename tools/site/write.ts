// Writes the site whole: into a fresh folder beside the target, then swapped in by two renames, so a
// reader (a static server, a test) sees the old site or the new one, never half of each, and files of
// pages that no longer exist do not linger.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export function writeSite(outDir: string, files: ReadonlyMap<string, string>): void {
  const staging = `${outDir}.building-${process.pid}`;
  const old = `${outDir}.old-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const [path, content] of files) {
      const target = join(staging, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(staging, outDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}
