// On a Node below the workspace's `engines`, the npm scripts stop with one line naming the Node needed
// and how to get it, and `npm ci` stops before installing (engine-strict).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceRoot } from "../../../test/support/packages.ts";
import { nodeProblem } from "../require-node.js";

const rootPackage = JSON.parse(readFileSync(join(workspaceRoot, "package.json"), "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

describe("nodeProblem", () => {
  it.each([
    [">=22.13", "v20.20.2", false],
    [">=22.13", "v22.12.0", false],
    [">=22.13", "v21.99.0", false],
    [">=22.13", "v22.13.0", true],
    [">=22.13", "v22.21.1", true],
    [">=22.13", "v24.0.0", true],
    [">=22.13", "v26.12.1", true],
    [">=22.12", "v22.12.0", true],
  ])("%s admits %s: %s", (range, version, admitted) => {
    const problem = nodeProblem(range, version);
    expect(problem === undefined).toBe(admitted);
    if (problem !== undefined) {
      expect(problem).not.toContain("\n");
      expect(problem).toContain(range);
      expect(problem).toContain(version);
      expect(problem).toContain("tools/ci/node-bin 26");
    }
  });

  it("names a range it cannot read instead of admitting every Node", () => {
    for (const range of ["^22.13.0", ">=22", "22.x", ""])
      expect(nodeProblem(range, "v26.12.1")).toContain("engines.node");
  });
});

describe("the workspace", () => {
  it("reads a range nodeProblem understands, and admits the Node running the tests", () => {
    expect(nodeProblem(rootPackage.engines.node, process.version)).toBeUndefined();
  });

  it("checks the Node before the README's commands and CI's", () => {
    for (const script of ["test", "generate", "lint", "check:drift", "bench"])
      expect(rootPackage.scripts[`pre${script}`], script).toBe("node tools/ci/require-node.js");
  });

  it("makes npm ci refuse a Node outside engines (engine-strict)", () => {
    expect(readFileSync(join(workspaceRoot, ".npmrc"), "utf8").split("\n")).toContain("engine-strict=true");
  });

  it("exits 0 silently on this Node", () => {
    const run = spawnSync(process.execPath, [join(workspaceRoot, "tools/ci/require-node.js")], { encoding: "utf8" });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, "", ""]);
  });
});
