// A command starts a spec worker once its arguments are parsed, and only when it reads every spec
// (a full generate, check-drift): never for help, a usage error, --server runs or other commands.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import type { SpecWorker } from "../../src/pipeline/spec-worker.ts";
import { good } from "../loader/cases.ts";
import { workspaceRoot } from "../support.ts";

const root = mkdtempSync(join(tmpdir(), "toolcat-commands-"));
mkdirSync(join(root, "specs"));
copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(root, "specs/catalog.yaml"));
writeFileSync(join(root, "package.json"), "{}\n");
writeFileSync(join(root, "specs/widget-api.yaml"), good);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** How many workers `argv` started, and its exit code; the worker answers nothing, so main loads the specs itself. */
async function started(argv: readonly string[]): Promise<{ workers: number; exit: number }> {
  let workers = 0;
  const worker: SpecWorker = { load: () => Promise.resolve(undefined) };
  const quiet = { stdout: () => {}, stderr: () => {} };
  const exit = await main(argv, { cwd: root, env: {}, out: quiet, startSpecWorker: () => (workers++, worker) });
  return { workers, exit };
}

describe("the spec worker", () => {
  it.each([["generate"], ["generate", "--quiet"], ["check-drift"], ["check-drift", "--json"]])(
    "is started once by %j",
    async (...argv) => {
      expect(await started(argv)).toEqual({ workers: 1, exit: 0 });
    },
  );

  it.each([
    [[], 2],
    [["--version"], 0],
    [["lint"], 0],
    [["generate", "--help"], 0],
    [["check-drift", "-h"], 0],
    [["generate", "--server", "widget-api"], 0],
    [["generate", "--quiet", "--server=widget-api"], 0],
    // Parsed, not guessed: an unknown flag is a usage error before anything is started.
    [["generate", "--nope"], 2],
    [["check-drift", "extra"], 2],
  ] as const)("is not started by %j", async (argv, exit) => {
    expect(await started(argv)).toEqual({ workers: 0, exit });
  });
});
