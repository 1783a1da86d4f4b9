// Locating the workspace root, so commands work from any directory inside it.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

export function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "specs", "catalog.yaml")) && existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no workspace (a directory with specs/catalog.yaml) above ${start}`);
  }
}
