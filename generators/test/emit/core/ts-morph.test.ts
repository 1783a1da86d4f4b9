// ts-morph is loaded on first use only: a command that prints no TypeScript never pays for it.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { workspaceRoot } from "../../support.ts";

/**
 * Runs the compiled generators' main in a fresh process, once per command line in turn, and says whether ts-morph got
 * loaded by any of them.
 */
function loadsTsMorph(argvs: readonly (readonly string[])[]): boolean {
  const script = `
    const { main } = require(${JSON.stringify(join(workspaceRoot, "generators/dist/toolcat.cjs"))});
    const options = { cwd: ${JSON.stringify(workspaceRoot)}, out: { stdout: () => {}, stderr: () => {} } };
    (async () => {
      for (const argv of ${JSON.stringify(argvs)}) await main(argv, options);
      const loaded = Object.keys(require.cache).some((file) => /[\\\\/]node_modules[\\\\/]ts-morph[\\\\/]/.test(file));
      process.stdout.write(String(loaded));
    })();`;
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }) === "true";
}

describe("ts-morph", () => {
  // Any start of the bin rebuilds the bundle when a source changed; one before the runs that read it.
  beforeAll(() => {
    execFileSync(process.execPath, [join(workspaceRoot, "generators/bin/toolcat.js"), "--version"]);
  }, 60_000);

  // One process for both: ts-morph stays loaded once required, so "not loaded" after both holds for each.
  it("is not loaded by commands that print no TypeScript", { timeout: 60_000 }, () => {
    expect(loadsTsMorph([["--version"], ["lint", "cloud-contacts"]])).toBe(false);
  });

  it("is loaded by a check that prints packages", { timeout: 60_000 }, () => {
    expect(loadsTsMorph([["check-drift"]])).toBe(true);
  });
});
