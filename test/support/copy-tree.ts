// Copies a git working tree (tracked and untracked files, minus ignored ones) to a new temporary
// directory and links its node_modules: a throwaway workspace for tests and benchmarks that edit
// specs, generators or packages, or fill an Nx cache.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export function copyTree(source: string, prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: source,
    encoding: "utf8",
  })
    .split("\0")
    .filter((path) => path !== "");
  for (const path of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    try {
      cpSync(join(source, path), join(root, path));
    } catch (error) {
      // A tracked file deleted in the working tree is simply not part of the copy.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  symlinkSync(join(source, "node_modules"), join(root, "node_modules"), "dir");
  return root;
}
