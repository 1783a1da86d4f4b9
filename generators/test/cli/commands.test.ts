// A command starts a spec worker once its arguments are parsed, and only when it reads every spec
// (a full generate, check-drift) and the specs are small enough for the hand-over to pay: never for
// help, a usage error, --server runs, other commands or a catalog above maxWorkerSpecBytes.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { maxWorkerSpecBytes, specWorkerPays, type SpecWorker } from "../../src/pipeline/spec-worker.ts";
import { good } from "../loader/cases.ts";
import { workspaceRoot } from "../support.ts";

const root = mkdtempSync(join(tmpdir(), "toolcat-commands-"));
mkdirSync(join(root, "specs"));
copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(root, "specs/catalog.yaml"));
writeFileSync(join(root, "package.json"), "{}\n");
writeFileSync(join(root, "specs/widget-api.yaml"), good);
// A catalog whose spec files add up to one byte over the limit; sparse files, so nothing is written.
const large = mkdtempSync(join(tmpdir(), "toolcat-commands-large-"));
mkdirSync(join(large, "specs"));
copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(large, "specs/catalog.yaml"));
writeFileSync(join(large, "package.json"), "{}\n");
const largeParts = 9;
for (let i = 0; i < largeParts; i++) {
  const spec = join(large, `specs/widget-${i}.yaml`);
  writeFileSync(spec, "");
  truncateSync(spec, Math.ceil((maxWorkerSpecBytes + 1) / largeParts));
}
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(large, { recursive: true, force: true });
});

/** How many workers `argv` started, and its exit code; the worker answers nothing, so main loads the specs itself. */
async function started(argv: readonly string[], cwd = root): Promise<{ workers: number; exit: number }> {
  let workers = 0;
  const worker: SpecWorker = { load: () => Promise.resolve(undefined) };
  const quiet = { stdout: () => {}, stderr: () => {} };
  const exit = await main(argv, { cwd, env: {}, out: quiet, startSpecWorker: () => (workers++, worker) });
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

  it("pays for a small catalog and not above maxWorkerSpecBytes of spec text", () => {
    expect(specWorkerPays(root)).toBe(true);
    expect(specWorkerPays(workspaceRoot)).toBe(true);
    expect(specWorkerPays(large)).toBe(false);
    expect(specWorkerPays(join(root, "no-such-dir"))).toBe(true);
  });

  it.each([["generate"], ["check-drift"]])(
    "is not started by %j above the limit; the specs load here",
    async (...argv) => {
      expect((await started(argv, large)).workers).toBe(0);
    },
  );
});
