// ts-morph is loaded on first use only: a command that prints no TypeScript never pays for it.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceRoot } from "../../support.ts";

/** Runs the compiled generators' main in a fresh process and says whether ts-morph got loaded. */
function loadsTsMorph(argv: readonly string[]): boolean {
  // Any start rebuilds the bundle when a source changed.
  execFileSync(process.execPath, [join(workspaceRoot, "generators/bin/toolcat.js"), "--version"]);
  const script = `
    const { main } = require(${JSON.stringify(join(workspaceRoot, "generators/dist/toolcat.cjs"))});
    const quiet = { stdout: () => {}, stderr: () => {} };
    main(${JSON.stringify(argv)}, { cwd: ${JSON.stringify(workspaceRoot)}, out: quiet }).then(() => {
      const loaded = Object.keys(require.cache).some((file) => /[\\\\/]node_modules[\\\\/]ts-morph[\\\\/]/.test(file));
      process.stdout.write(String(loaded));
    });`;
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }) === "true";
}

describe("ts-morph", () => {
  it("is not loaded by commands that print no TypeScript", { timeout: 60_000 }, () => {
    expect(loadsTsMorph(["--version"])).toBe(false);
    expect(loadsTsMorph(["lint", "cloud-contacts"])).toBe(false);
  });

  it("is loaded by a check that prints packages", { timeout: 60_000 }, () => {
    expect(loadsTsMorph(["check-drift"])).toBe(true);
  });
});
