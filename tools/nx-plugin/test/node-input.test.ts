// Cached test results are per Node version: a run on Node 20 must not replay as a pass on Node 24.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { workspaceRoot } from "../../../test/support/packages.ts";
import { contractProject } from "../src/index.js";

const nodeVersion = { runtime: "node --version" };

interface Target {
  cache?: boolean;
  inputs?: unknown[];
}

/** The explicitly declared projects' targets: project.json, or a package.json `nx` field. */
const declared: Record<string, Record<string, Target>> = Object.fromEntries(
  [
    "generators/package.json",
    "packages/runtime/package.json",
    "packages/mcp/package.json",
    "packages/code/package.json",
    "tools/project.json",
    "test/project.json",
  ].map((file) => {
    const json = JSON.parse(readFileSync(join(workspaceRoot, file), "utf8")) as {
      targets?: Record<string, Target>;
      nx?: { targets: Record<string, Target> };
    };
    return [file, json.targets ?? json.nx?.targets ?? {}];
  }),
);

it("every cached test target has the Node version as an input", () => {
  const cachedTests = Object.entries(declared).filter(([, targets]) => targets["test"]?.cache === true);
  expect(cachedTests.map(([file]) => file).sort()).toEqual([
    "generators/package.json",
    "packages/code/package.json",
    "packages/mcp/package.json",
    "packages/runtime/package.json",
    "test/project.json",
    "tools/project.json",
  ]);
  for (const [file, targets] of cachedTests) expect(targets["test"]?.inputs, file).toContainEqual(nodeVersion);
  expect(contractProject(["orders-api"]).targets?.["test"]?.inputs).toContainEqual(nodeVersion);
});

it("the e2e suite is cached on the whole workspace, less what no e2e test reads", () => {
  // Its tests copy the workspace, run the generators, Nx and npm on it and install the packed packages:
  // any tracked file can change their outcome, so every one is an input, and so are Node and npm. The
  // docs and READMEs count too: the suite checks their code blocks. Only bench/ (results) is left out.
  const inputs = declared["test/project.json"]?.["test"]?.inputs;
  expect(inputs).toContainEqual({ runtime: "npm --version" });
  expect(inputs).toContain("{workspaceRoot}/**/*");
  expect(inputs?.filter((input) => typeof input === "string" && input.startsWith("!"))).toEqual([
    "!{workspaceRoot}/bench/**/*",
  ]);
});
