#!/usr/bin/env node
// The generators are TypeScript run from source; tsx registers the loader so no build step sits before `generate`.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli.ts");
process.exitCode = await main(process.argv.slice(2));
