// Shared by the generator tests: where the workspace is, and spec workers as the bin starts them.
import { fileURLToPath } from "node:url";
import { compiledBundle } from "../bin/compiled.js";
import { startSpecWorker } from "../bin/spec-worker.js";
import type { SpecWorker } from "../src/pipeline/spec-worker.ts";

export const workspaceRoot = fileURLToPath(new URL("../../", import.meta.url));

/** A spec worker running `bundle`, by default the compiled generators (rebuilt first when a source changed). */
export async function specWorker(bundle?: string): Promise<SpecWorker> {
  const worker = startSpecWorker(bundle ?? (await compiledBundle()), ["generate"]);
  if (worker === undefined) throw new Error("generate starts a spec worker");
  return worker;
}
