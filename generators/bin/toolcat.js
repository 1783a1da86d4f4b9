#!/usr/bin/env node
// The generators are TypeScript; they run from a compiled bundle that is rebuilt whenever a source changed.
import { compiledGenerators } from "./compiled.js";

const { main } = await compiledGenerators();
process.exitCode = await main(process.argv.slice(2));
