// The generate executor against a stand-in `toolcat` that records how it was started: a batch is one
// process for every server in it, each task gets that run's outcome, and a failure reaches every task.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecutorContext, TaskGraph } from "@nx/devkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generateBatch, generateOne } from "../src/generate-executor.js";

let root: string;
const calls = (): string[][] =>
  readFileSync(join(root, "calls.txt"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as string[]);

/** A workspace whose `toolcat` appends its arguments to calls.txt, prints a line and exits with `status`. */
function standIn(status: number): void {
  mkdirSync(join(root, "generators/bin"), { recursive: true });
  const record =
    `require("node:fs").appendFileSync(${JSON.stringify(join(root, "calls.txt"))}, ` +
    'JSON.stringify(process.argv.slice(2)) + "\\n");\n';
  const say = `console.${status === 0 ? "log" : "error"}("toolcat says ${status}");\nprocess.exitCode = ${status};\n`;
  writeFileSync(join(root, "generators/bin/toolcat.js"), record + say);
}

const context = (): ExecutorContext => ({ root }) as ExecutorContext;
const noGraph = { tasks: {}, dependencies: {}, roots: [] } as unknown as TaskGraph;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "toolcat-generate-executor-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("generateBatch", () => {
  it("generates every server of the batch in one process, and reports its outcome for each task", async () => {
    standIn(0);
    const results = await generateBatch(
      noGraph,
      { "@toolcat/b-api:generate": { server: "b-api" }, "@toolcat/a-api:generate": { server: "a-api" } },
      {},
      context(),
    );
    expect(calls()).toEqual([["generate", "--server", "a-api", "--server", "b-api", "--quiet"]]);
    expect(results).toEqual({
      "@toolcat/a-api:generate": { success: true, terminalOutput: "toolcat says 0\n" },
      "@toolcat/b-api:generate": { success: true, terminalOutput: "toolcat says 0\n" },
    });
  });

  it("fails every task of the batch with the run's report when the run fails", async () => {
    standIn(1);
    const results = await generateBatch(
      noGraph,
      { "a:generate": { server: "a" }, "b:generate": { server: "b" } },
      {},
      context(),
    );
    expect(Object.values(results)).toEqual([
      { success: false, terminalOutput: "toolcat says 1\n" },
      { success: false, terminalOutput: "toolcat says 1\n" },
    ]);
  });

  it("fails with a line saying so when there is no toolcat to start", async () => {
    const results = await generateBatch(noGraph, { "a:generate": { server: "a" } }, {}, context());
    expect(results["a:generate"]?.success).toBe(false);
    expect(results["a:generate"]?.terminalOutput).toMatch(/Cannot find module/);
  });
});

describe("generateOne", () => {
  it("generates one server", async () => {
    standIn(0);
    expect(await generateOne({ server: "a-api" }, context())).toEqual({ success: true });
    expect(calls()).toEqual([["generate", "--server", "a-api", "--quiet"]]);
  });
});
