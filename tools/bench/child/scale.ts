// Child process for the scale section: generate a synthetic catalog in memory `runs` times in one
// process, after the same warm-up in every child (generating <warmup-root>, the 1k catalog, twice:
// one run leaves the JIT still tiering up), so the figure is generation work, not module loading
// or compilation, and a 10k warm-up does not cost two whole extra 10k runs.
// Prints {tools, files, bytes, runsMs[]}; the parent reads peak memory from the rss probe.
import { runPipeline } from "../../../generators/src/pipeline.ts";

const [root, warmupRoot, runsArg] = process.argv.slice(2);
if (root === undefined || warmupRoot === undefined || runsArg === undefined) throw new Error("usage: scale.ts <root> <warmup-root> <runs>");

function generate(from: string) {
  const start = performance.now();
  const result = runPipeline({ root: from });
  const milliseconds = performance.now() - start;
  // Only counts leave this function: holding one run's output while the next runs would double the peak.
  return {
    milliseconds,
    tools: result.runs.reduce((n, run) => n + run.tools, 0),
    files: result.files.length,
    bytes: result.files.reduce((n, file) => n + file.text.length, 0),
  };
}

for (let i = 0; i < 2; i++) generate(warmupRoot);
const runs = Array.from({ length: Number(runsArg) }, () => generate(root));
const last = runs.at(-1)!;
process.stdout.write(JSON.stringify({ tools: last.tools, files: last.files, bytes: last.bytes, runsMs: runs.map((r) => r.milliseconds) }));
