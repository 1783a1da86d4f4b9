#!/usr/bin/env node
// The generators are TypeScript; they run from a compiled bundle that is rebuilt whenever a source changed.
import { compiledGenerators } from "./compiled.js";

try {
  const { main } = await compiledGenerators();
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // main reports its own failures; this catches a bundle that could not be built or loaded, in one line.
  process.stderr.write(`toolcat: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
