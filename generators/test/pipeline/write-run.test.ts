// A writer's pipeline settles package versions under the generate lock, taken once: a package
// another run is swapping (or a killed run left half swapped) is absent for a moment, and a version
// read then would silently fall back to the initial one unless it is read again under the lock.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { runPipeline } from "../../src/pipeline/run.ts";
import { generateAndWrite } from "../../src/pipeline/write-run.ts";
import { writePackages } from "../../src/write/write.ts";
import { good } from "../loader/cases.ts";
import { workspaceRoot } from "../support.ts";

let root: string;
const manifest = () => join(root, "packages/widget-api/package.json");
const quiet = { stdout: () => {}, stderr: () => {} };

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "toolcat-run-"));
  mkdirSync(join(root, "specs"));
  copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(root, "specs/catalog.yaml"));
  writeFileSync(join(root, "package.json"), "{}\n");
  writeFileSync(join(root, "specs/widget-api.yaml"), good);
  expect(await main(["generate"], { cwd: root, env: {}, out: quiet })).toBe(0);
  // A release moved the version; regeneration must keep it.
  writeFileSync(manifest(), readFileSync(manifest(), "utf8").replace(/"version": "[^"]+"/, '"version": "0.5.0"'));
  writeFileSync(
    join(root, "specs/widget-api.yaml"),
    good.replace("purpose: read a widget", "purpose: read one widget"),
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("generateAndWrite", () => {
  const steps = ["journal", "retired:widget-api", "kept:widget-api"];
  /** A run killed at `step` of its swap, leaving packages/ for the next holder of the lock to settle. */
  const killedAt = (step: string): void => {
    const { runs } = runPipeline({ root });
    const kill = new Error(`killed at ${step}`);
    expect(() =>
      writePackages(root, runs, {
        full: true,
        settle: () => ({ moved: () => false, generate: (slug) => runs.find((run) => run.slug === slug)! }),
        step: (reached) => {
          if (reached === step) throw kill;
        },
      }),
    ).toThrow(kill);
  };

  it.each(steps)("keeps a package's version when a run was killed at %s", (step) => {
    killedAt(step);
    const { runs } = generateAndWrite({ root }, true);
    expect(runs.map((run) => run.versions.package)).toEqual(["0.5.0"]);
    expect(JSON.parse(readFileSync(manifest(), "utf8"))).toMatchObject({ version: "0.5.0" });
  });

  it.each(steps)("generate keeps the version too after a run killed at %s", async (step) => {
    killedAt(step);
    expect(await main(["generate"], { cwd: root, env: {}, out: quiet })).toBe(0);
    expect(JSON.parse(readFileSync(manifest(), "utf8"))).toMatchObject({ version: "0.5.0" });
  });
});
