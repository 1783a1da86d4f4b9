// Every release package as `npm pack` makes it in this workspace, its prepack building dist/ (no
// build run before), installed from the tarballs alone into a directory outside the workspace and
// imported there under Node as an ES module: what a fresh clone can publish works once installed.
import { mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { releasePackages } from "../../generators/src/release/packages.ts";
import { workspaceRoot } from "../support/packages.ts";
import { run } from "../support/process.ts";
import { packedTarballs } from "./support/tarballs.ts";

const packages = releasePackages(workspaceRoot);
const consumer = mkdtempSync(join(realpathSync(tmpdir()), "toolcat-pack-"));

/** One export each package must have once imported: its reason to exist. */
const expectedExport = (name: string): string =>
  ({ "@toolcat/runtime": "createHttpTransport", "@toolcat/code": "runCode", "@toolcat/mcp": "createMcpServer" })[name] ?? "manifest";

describe("packing every package and importing it outside the workspace", () => {
  beforeAll(() => {
    // The workspace's own dist/ may be stale: prepack must build what is packed, so every dist/index.js must be
    // newer than the start of the run, which packed them. (It is swapped in whole, so tests reading dist/
    // meanwhile are not disturbed.)
    const packed = [...packedTarballs().values()];
    for (const pkg of packages) expect(statSync(join(workspaceRoot, pkg.dir, "dist/index.js")).mtimeMs, pkg.dir).toBeGreaterThanOrEqual(inject("e2eStarted") - 1);
    writeFileSync(join(consumer, "package.json"), `${JSON.stringify({ name: "toolcat-pack-consumer", private: true, type: "module" })}\n`);
    // Third-party dependencies come from npm's cache where it has them (it does after `npm ci`).
    const install = run("npm", ["install", ...packed, "--prefer-offline", "--no-audit", "--no-fund"], consumer);
    expect(install.status, install.output).toBe(0);
  });

  afterAll(() => {
    rmSync(consumer, { recursive: true, force: true });
  });

  it.each(packages.map((pkg) => [pkg.name]))("%s imports from its installed tarball", (name) => {
    const installed = realpathSync(join(consumer, "node_modules", name));
    expect(installed.startsWith(consumer), installed).toBe(true);
    const script = `const m = await import(${JSON.stringify(name)}); console.log(typeof m[${JSON.stringify(expectedExport(name))}]);`;
    const imported = run(process.execPath, ["--input-type=module", "-e", script], consumer);
    expect(imported.output.trim()).toMatch(/^(object|function)$/);
    expect(imported.status).toBe(0);
  });
});
