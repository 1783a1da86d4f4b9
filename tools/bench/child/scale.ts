// Child process for the scale section: generate a synthetic catalog in memory `runs` times in one
// process, after the same warm-up in every child (generating <warmup-root>, the 1k catalog, twice:
// one run leaves the JIT still tiering up), so the figure is generation work, not module loading
// or compilation, and a 10k warm-up does not cost two whole extra 10k runs.
// Prints {tools, files, bytes, runsMs[], cpuMs[]}: wall time and the process's CPU time (every
// thread, user and system) of each run; the parent reads peak memory from the rss probe.
import { loadPipelineCatalog, packageVersions, serverRuns } from "../../../generators/src/pipeline/run.ts";

const [root, warmupRoot, runsArg] = process.argv.slice(2);
if (root === undefined || warmupRoot === undefined || runsArg === undefined)
  throw new Error("usage: scale.ts <root> <warmup-root> <runs>");

/** CPU time of the whole process (garbage collection's helper threads included), in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function generate(from: string) {
  const start = performance.now();
  const cpuStart = cpuMs();
  const catalog = loadPipelineCatalog({ root: from });
  // Each package's files are counted and dropped before the next is generated (as `serverRuns`
  // allows): holding 100,000 tools' output at once would measure string storage, not generation.
  let tools = 0;
  let files = 0;
  let bytes = 0;
  for (const run of serverRuns(catalog, packageVersions(from, catalog))) {
    tools += run.tools;
    files += run.files.length;
    for (const file of run.files) bytes += file.text.length;
  }
  return { milliseconds: performance.now() - start, cpuMs: cpuMs() - cpuStart, tools, files, bytes };
}

for (let i = 0; i < 2; i++) generate(warmupRoot);
const runs = Array.from({ length: Number(runsArg) }, () => generate(root));
const last = runs.at(-1)!;
process.stdout.write(
  JSON.stringify({
    tools: last.tools,
    files: last.files,
    bytes: last.bytes,
    runsMs: runs.map((r) => r.milliseconds),
    cpuMs: runs.map((r) => r.cpuMs),
  }),
);
