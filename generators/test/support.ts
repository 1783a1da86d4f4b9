// Shared by the generator tests: where the workspace is, its catalog and generated files, and spec
// workers as the bin starts them.
import { fileURLToPath } from "node:url";
import { compiledBundle } from "../bin/compiled.js";
import { startSpecWorker } from "../bin/spec-worker.js";
import type { Catalog } from "../src/ir/types.ts";
import { loadCatalog } from "../src/loader/load.ts";
import { runPipeline, type PipelineResult } from "../src/pipeline/run.ts";
import type { SpecWorker } from "../src/pipeline/spec-worker.ts";

export const workspaceRoot = fileURLToPath(new URL("../../", import.meta.url));

// Test files share workers (isolate is off), so these are computed once per worker, not per file.
// Tests only read them.
let catalog: Catalog | undefined;
let pipeline: PipelineResult | undefined;

/** The workspace's own specs, loaded. */
export function workspaceCatalog(): Catalog {
  catalog ??= loadCatalog({ root: workspaceRoot });
  return catalog;
}

/** Every file the generators make from the workspace's own specs. */
export function workspacePipeline(): PipelineResult {
  pipeline ??= runPipeline({ root: workspaceRoot, catalog: workspaceCatalog() });
  return pipeline;
}

/** A spec worker running `bundle`, by default the compiled generators (rebuilt first when a source changed). */
export async function specWorker(bundle?: string): Promise<SpecWorker> {
  return startSpecWorker(bundle ?? (await compiledBundle()));
}
