// Child process for full generation: load every spec under <root>, emit every package, and write
// the files under <out> — the same work `toolcat generate` does, minus comparing with the tree, so
// it is measured like openapi-typescript writing its output file. Prints {pipelineMs, files, bytes}.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { runPipeline } from "../../../generators/src/pipeline/run.ts";

const [root, out] = process.argv.slice(2);
if (root === undefined || out === undefined) throw new Error("usage: generate.ts <root> <out>");
const start = performance.now();
const result = runPipeline({ root });
let bytes = 0;
for (const file of result.files) {
  mkdirSync(dirname(join(out, file.path)), { recursive: true });
  writeFileSync(join(out, file.path), file.text);
  bytes += Buffer.byteLength(file.text);
}
const tools = result.runs.reduce((n, run) => n + run.tools, 0);
process.stdout.write(
  JSON.stringify({ pipelineMs: performance.now() - start, tools, files: result.files.length, bytes }),
);
