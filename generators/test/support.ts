// Shared by the generator tests: where the workspace is, and the compiled bundle the bin runs.
import { fileURLToPath } from "node:url";
import { bundle, compiledGenerators } from "../bin/compiled.js";

export const workspaceRoot = fileURLToPath(new URL("../../", import.meta.url));

/** The compiled generators' bundle, rebuilt first when a source changed (a worker thread runs it). */
export async function compiledBundle(): Promise<string> {
  await compiledGenerators();
  return bundle;
}
