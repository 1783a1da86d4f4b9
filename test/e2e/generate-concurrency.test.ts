// Three real `toolcat generate` processes started at once on a copy of the workspace, over rounds that
// each widen different races: a stale bundle every process rebuilds, a catalog edit that swaps
// every package, a deleted spec whose package is removed, a stale or empty lock all of them take
// over at once. Each process is served (exit 0) or told who holds the lock; none prints a stack trace; and
// the packages end up as one run makes them (check-drift is clean).
import { appendFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GenerateLockedError, lockFile } from "../../generators/src/write/lock.ts";
import { runAsync, type Result } from "../support/process.ts";
import { copyWorkspace, type WorkspaceCopy } from "../support/workspace-copy.ts";

let ws: WorkspaceCopy;
beforeAll(() => {
  ws = copyWorkspace("toolcat-concurrency-");
});
afterAll(() => ws.remove());

// Three widen each race past the two-run case, and each does a whole generation's work before it
// meets the lock, so more only multiply the suite's time.
const processes = 3;
/** The lock message with its pid left open. */
const lockText = new GenerateLockedError(0).message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(" 0,", " \\d+,");
const lockMessage = new RegExp(`^toolcat generate: ${lockText}\\n$`);

function generate(): Promise<Result> {
  return runAsync(process.execPath, ["generators/bin/toolcat.js", "generate", "--quiet"], ws.root);
}

const edit = (path: string, change: (text: string) => string) =>
  writeFileSync(join(ws.root, path), change(readFileSync(join(ws.root, path), "utf8")));

// Each round widens several races at once (every process does a whole generation before it meets
// the lock, so a round costs what a generation costs): what the processes find in the tree, and
// what they find in the lock.
const rounds: [name: string, prepare: () => void][] = [
  [
    "a stale generator bundle, a spec edit and a stale lock every process finds",
    () => {
      appendFileSync(join(ws.root, "generators/src/cli.ts"), "// rebuilt by every process at once\n");
      edit("specs/cloud-sheets.yaml", (text) =>
        text.replace("purpose: read a range from one sheet", "purpose: read a range of cells from one sheet"),
      );
      writeFileSync(join(ws.root, lockFile), "999999999\n");
    },
  ],
  [
    "a catalog edit that swaps every package, a deleted spec whose package is removed, and an empty lock " +
      "left by a crash",
    () => {
      edit("specs/catalog.yaml", (text) => text.replace("Performs the operation;", "Performs the operation, once;"));
      rmSync(join(ws.root, "specs/sigma-api.yaml"));
      writeFileSync(join(ws.root, lockFile), "");
    },
  ],
];

describe(`${processes} concurrent toolcat generate runs`, () => {
  it.each(rounds)("%s: each is served or told who holds the lock, never a stack trace", async (_name, prepare) => {
    prepare();
    const runs = await Promise.all(Array.from({ length: processes }, generate));
    for (const run of runs) {
      const output = run.output;
      expect(output, output).not.toMatch(/^\s+at .+:\d+:\d+\)?$|node:(internal|fs)/m);
      if (run.status !== 0) {
        expect(run.status, output).toBe(1);
        expect(run.stderr).toMatch(lockMessage);
      }
    }
    expect(runs.some((run) => run.status === 0)).toBe(true);
    const drift = ws.run("node", ["generators/bin/toolcat.js", "check-drift"]);
    expect(drift.status, drift.stderr).toBe(0);
  });
});
