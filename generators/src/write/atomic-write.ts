// One file written whole or not at all, for commands that replace a single file (captured request
// bodies, the precompiled spec schema). Whole packages go through the staged swap in swap.ts instead.
import { renameSync, rmSync, writeFileSync } from "node:fs";

/**
 * Writes to a temporary file beside `path` (named for this process), then renames it over. The
 * temporary is created exclusively: a link planted at its name is never written through.
 */
export function writeFileAtomic(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    rmSync(temporary, { force: true });
    writeFileSync(temporary, text, { flag: "wx" });
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}
