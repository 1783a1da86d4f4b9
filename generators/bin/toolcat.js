#!/usr/bin/env node
// The generators are TypeScript; they run from a compiled bundle that is rebuilt whenever a source changed.
import module, { createRequire } from "node:module";
import { compiledBundle } from "./compiled.js";
import { startSpecWorker } from "./spec-worker.js";

// Node >= 22.1 keeps V8's compiled code for loaded modules on disk (in the OS temp directory): later
// starts skip compiling ts-morph's TypeScript, most of a cold start. Node 20 has no cache and starts as before.
module.enableCompileCache?.();

try {
  const argv = process.argv.slice(2);
  const bundle = await compiledBundle();
  /** @type {typeof import("../src/cli.ts")} */
  const { main } = createRequire(import.meta.url)(bundle);
  process.exitCode = await main(argv, { startSpecWorker: () => startSpecWorker(bundle) });
} catch (error) {
  // main reports its own failures; this catches a bundle that could not be built or loaded, in one line.
  process.stderr.write(`toolcat: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
