// A cold generate has two long serial steps before it can emit: loading ts-morph (100–140 ms) and
// reading and checking the specs (150 ms and more; yaml's parser runs cold). Neither needs the
// other, so the specs are read on a worker thread running the compiled bundle while this thread
// loads ts-morph. The catalog is plain data and comes back as a structured clone (a few ms).
import { Worker, parentPort, workerData } from "node:worker_threads";
import { tsMorph } from "../emit/core/ts-morph.ts";
import type { Catalog } from "../ir/types.ts";
import { SpecError, type Diagnostic } from "../loader/diagnostics.ts";
import { loadPipelineCatalog, type PipelineOptions } from "./run.ts";

/** What the worker posts back: the catalog, or the diagnostics of a SpecError. */
type Answer = { readonly catalog: Catalog } | { readonly diagnostics: readonly Diagnostic[] };

// The worker runs the bundle's serveSpecs (exported by cli.ts). Node's compile cache is per thread.
const workerScript = `
  require("node:module").enableCompileCache?.();
  require(require("node:worker_threads").workerData.bundle).serveSpecs();
`;

/**
 * The catalog `runPipeline(options)` would load. With `bundle` (the compiled generators), it is read
 * on a worker thread while this one loads ts-morph; without, here. A spec error throws the same
 * SpecError either way; any other failure of the worker (a file system error, a worker that could
 * not start) loads the specs again here, so the error reported is the one a load here raises.
 */
export async function loadSpecs(options: PipelineOptions, bundle: string | undefined): Promise<Catalog> {
  if (bundle === undefined) return loadPipelineCatalog(options);
  const worker = new Worker(workerScript, { eval: true, workerData: { bundle, options } });
  const answer = new Promise<Answer | undefined>((resolve) => {
    worker.once("message", (message: Answer) => resolve(message));
    worker.once("error", () => resolve(undefined));
    worker.once("exit", () => resolve(undefined));
  });
  // The emitters need ts-morph next; this thread would otherwise wait idle.
  tsMorph();
  const result = await answer;
  worker.unref();
  if (result === undefined) return loadPipelineCatalog(options);
  if ("diagnostics" in result) throw new SpecError(result.diagnostics);
  return result.catalog;
}

/** The worker's side: load the catalog and post it, or the spec errors; anything else is thrown. */
export function serveSpecs(): void {
  const { options } = workerData as { options: PipelineOptions };
  let answer: Answer;
  try {
    answer = { catalog: loadPipelineCatalog(options) };
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    answer = { diagnostics: error.diagnostics };
  }
  parentPort?.postMessage(answer);
}
