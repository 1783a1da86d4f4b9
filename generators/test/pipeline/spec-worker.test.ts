// Reading the specs on a worker thread running the compiled bundle: the catalog it posts back is the
// one a load on this thread gives, a spec error is the same SpecError, and a worker that cannot run
// leaves the load to this thread.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SpecError } from "../../src/loader/diagnostics.ts";
import { loadPipelineCatalog } from "../../src/pipeline/run.ts";
import { loadSpecs, type SpecWorker } from "../../src/pipeline/spec-worker.ts";
import { good } from "../loader/cases.ts";
import { specWorker, workspaceRoot } from "../support.ts";

const broken = mkdtempSync(join(tmpdir(), "toolcat-spec-worker-"));
mkdirSync(join(broken, "specs"));
copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(broken, "specs/catalog.yaml"));
writeFileSync(
  join(broken, "specs/widget-api.yaml"),
  good.replace("minimum: 1, maximum: 50", "minimum: 60, maximum: 50"),
);
afterAll(() => rmSync(broken, { recursive: true, force: true }));

/** The SpecError a load throws. */
async function specError(load: () => unknown): Promise<SpecError> {
  try {
    await load();
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
  throw new Error("the specs loaded");
}

describe("loadSpecs", { timeout: 60_000 }, () => {
  it("gives the catalog a load on this thread gives", async () => {
    const here = loadPipelineCatalog({ root: workspaceRoot });
    expect(await loadSpecs({ root: workspaceRoot }, await specWorker())).toStrictEqual(here);
    const one = await loadSpecs({ root: workspaceRoot, servers: ["cloud-sheets"] }, await specWorker());
    expect(one).toStrictEqual(loadPipelineCatalog({ root: workspaceRoot, servers: ["cloud-sheets"] }));
    expect(one.servers.map((s) => s.slug)).toEqual(["cloud-sheets"]);
  });

  it("throws the SpecError a load on this thread throws", async () => {
    const here = await specError(() => loadPipelineCatalog({ root: broken }));
    const worker = await specWorker();
    const there = await specError(() => loadSpecs({ root: broken }, worker));
    expect(there.diagnostics).toStrictEqual(here.diagnostics);
    expect(there.message).toBe(here.message);
    expect(there.diagnostics.map((d) => d.code)).toEqual(["invalid-range", "invalid-default"]);
  });

  it("loads on this thread when the worker cannot run", async () => {
    const missing = (): Promise<SpecWorker> => specWorker(join(broken, "no-such-bundle.cjs"));
    expect(await loadSpecs({ root: workspaceRoot, servers: ["cloud-contacts"] }, await missing())).toStrictEqual(
      loadPipelineCatalog({ root: workspaceRoot, servers: ["cloud-contacts"] }),
    );
    const worker = await missing();
    expect((await specError(() => loadSpecs({ root: broken }, worker))).diagnostics.map((d) => d.code)).toEqual([
      "invalid-range",
      "invalid-default",
    ]);
  });
});
