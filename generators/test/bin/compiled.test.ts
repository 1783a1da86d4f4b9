// The compiled bundle the bin runs: built from the sources, with yaml's per-token debugging switch
// read once (an environment lookup per token was a measurable part of loading the specs).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceRoot } from "../support.ts";

describe("compiled generators", () => {
  it("bundle yaml's parser with LOG_TOKENS read once, not per token", () => {
    // Any start rebuilds the bundle when a source changed.
    execFileSync(process.execPath, [join(workspaceRoot, "generators/bin/toolcat.js"), "--version"]);
    const bundle = readFileSync(join(workspaceRoot, "generators/dist/toolcat.cjs"), "utf8");
    expect(bundle).toMatch(/(var|const) logTokens = node_process\.env\.LOG_TOKENS;/);
    expect(bundle).not.toMatch(/if \(node_process\.env\.LOG_TOKENS\)/);
  });
});
