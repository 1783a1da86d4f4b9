// ts-morph, with the TypeScript compiler it carries, takes 100–140 ms to load even from Node's
// compile cache, and only printing structures needs it. It is loaded on first use: commands that
// print no TypeScript (lint, --version) never load it, and generate loads it while a worker thread
// reads the specs (pipeline/spec-worker.ts).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let loaded: typeof import("ts-morph") | undefined;

export function tsMorph(): typeof import("ts-morph") {
  return (loaded ??= require("ts-morph") as typeof import("ts-morph"));
}
