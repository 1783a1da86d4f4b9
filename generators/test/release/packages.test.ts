// packPackages with no package names no workspace, and npm would then pack the root package: it
// packs nothing and starts no npm.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { packPackages } from "../../src/release/packages.ts";
import { workspaceRoot } from "../support.ts";

it("packs nothing for no packages", () => {
  const destination = mkdtempSync(join(tmpdir(), "toolcat-pack-none-"));
  try {
    // An npm that could not even start would throw: none is started.
    expect(packPackages(workspaceRoot, [], destination, { env: { PATH: "" } }).size).toBe(0);
    expect(readdirSync(destination)).toEqual([]);
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
});
