// The bin starts a spec worker for a full generate or check-drift only: the commands and options
// that read every spec once, where a second thread pays off.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startSpecWorker } from "../../bin/spec-worker.js";
import { workspaceRoot } from "../support.ts";

// Never loaded: a worker started on it fails at once and ends.
const bundle = join(workspaceRoot, "generators/dist/no-such-bundle.cjs");

describe("startSpecWorker", () => {
  it.each([["generate"], ["generate", "--quiet"], ["check-drift"], ["check-drift", "--json"]])("starts one for %j", async (...argv) => {
    const worker = startSpecWorker(bundle, argv);
    expect(worker).toBeDefined();
    // The worker could not load the bundle: its answer is undefined, and main loads the specs itself.
    expect(await worker?.load({ root: workspaceRoot })).toBeUndefined();
  });

  it.each([
    [],
    ["--version"],
    ["lint"],
    ["diff", "a.yaml", "b.yaml"],
    ["generate", "--watch"],
    ["generate", "--help"],
    ["check-drift", "-h"],
    ["generate", "--server", "cloud-sheets"],
    ["generate", "--quiet", "--server=cloud-sheets"],
  ])("starts none for %j", (...argv) => {
    expect(startSpecWorker(bundle, argv)).toBeUndefined();
  });
});
