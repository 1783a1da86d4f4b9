// A cold generate has two long serial steps before it can emit: loading ts-morph (100–140 ms) and
// reading and checking the specs (150 ms and more; yaml's parser runs cold). Neither needs the
// other, so the specs are read on a worker thread running the compiled bundle (bin/spec-worker.js;
// a full generate and check-drift start it once their arguments are parsed, unless the specs are
// large) while this thread loads ts-morph. The catalog is plain data and comes back as a structured clone (a few ms).
import { statSync } from "node:fs";
import { join } from "node:path";
import { parentPort } from "node:worker_threads";
import { tsMorph } from "../emit/core/ts-morph.ts";
import type { Catalog } from "../ir/types.ts";
import { SpecError, type Diagnostic } from "../loader/diagnostics.ts";
import { listSpecFiles } from "../loader/load.ts";
import { loadPipelineCatalog, type PipelineOptions } from "./run.ts";

/**
 * Above this much spec text (about 30,000 tools) the specs are read on the main thread. The worker
 * hands its catalog over as a structured clone, so its heap and the copy overlap: at 100,000 tools
 * that was 140–175 MB of the run's peak, for an overlap with ts-morph's load of under half a second
 * in a run of over a minute.
 */
export const maxWorkerSpecBytes = 8 * 1024 * 1024;

/** Whether reading every spec under `root` on a worker pays: the specs' files are small enough. */
export function specWorkerPays(root: string): boolean {
  let bytes = 0;
  try {
    for (const file of listSpecFiles(root)) bytes += statSync(join(root, file)).size;
  } catch {
    // A spec that cannot be read is reported by the load itself, wherever it runs.
  }
  return bytes <= maxWorkerSpecBytes;
}

/** What the worker posts back: the catalog, or the diagnostics of a SpecError. */
type Answer = { readonly catalog: Catalog } | { readonly diagnostics: readonly Diagnostic[] };

/** A worker thread waiting to load: `load` resolves with its answer, or undefined when the worker failed. */
export interface SpecWorker {
  load(options: PipelineOptions): Promise<unknown>;
}

/**
 * The catalog `runPipeline(options)` would load. With a worker, it is read there while this thread
 * loads ts-morph; without, here. A spec error throws the same SpecError either way; any other
 * failure of the worker (a file system error, a worker that could not start) loads the specs again
 * here, so the error reported is the one a load here raises.
 */
export async function loadSpecs(options: PipelineOptions, worker: SpecWorker | undefined): Promise<Catalog> {
  if (worker === undefined) return loadPipelineCatalog(options);
  const answer = worker.load(options);
  // The emitters need ts-morph next; this thread would otherwise wait idle.
  tsMorph();
  const result = (await answer) as Answer | undefined;
  if (result === undefined) return loadPipelineCatalog(options);
  if ("diagnostics" in result) throw new SpecError(result.diagnostics);
  return result.catalog;
}

/**
 * The worker's side: load what main asks for once, and post the catalog or the spec errors; anything else is thrown.
 */
export function serveSpecs(): void {
  parentPort?.once("message", (options: PipelineOptions) => {
    let answer: Answer;
    try {
      answer = { catalog: loadPipelineCatalog(options) };
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      answer = { diagnostics: error.diagnostics };
    }
    parentPort?.postMessage(answer);
  });
}
