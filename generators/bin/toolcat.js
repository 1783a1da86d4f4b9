#!/usr/bin/env node
// The generators are TypeScript; they run from a compiled bundle that is rebuilt whenever a source changed.
import module from "node:module";
import { bundle, compiledGenerators } from "./compiled.js";

// Node >= 22.1 keeps V8's compiled code for loaded modules on disk (in the OS temp directory): later
// starts skip compiling ts-morph's TypeScript, most of a cold start. Node 20 has no cache and starts as before.
module.enableCompileCache?.();

try {
  const { main } = await compiledGenerators();
  // The bundle also runs on a worker thread that reads the specs (src/pipeline/spec-worker.ts).
  process.exitCode = await main(process.argv.slice(2), { specWorker: bundle });
} catch (error) {
  // main reports its own failures; this catches a bundle that could not be built or loaded, in one line.
  process.stderr.write(`toolcat: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
