// The bin's spec worker: a thread running the compiled bundle that waits for what to load. Which
// commands start one is the commands' decision (test/cli/commands.test.ts).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startSpecWorker } from "../../bin/spec-worker.js";
import { workspaceRoot } from "../support.ts";

describe("startSpecWorker", () => {
  it("answers undefined when its bundle cannot load, so main loads the specs itself", async () => {
    // Never loaded: a worker started on it fails at once and ends.
    const worker = startSpecWorker(join(workspaceRoot, "generators/dist/no-such-bundle.cjs"));
    expect(await worker.load({ root: workspaceRoot })).toBeUndefined();
  });
});
