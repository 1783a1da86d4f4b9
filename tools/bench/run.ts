// `npm run bench`: builds what the packages ship, runs the sections, prints one markdown table
// and writes bench/results.json and the table in docs/performance.md. `npm run bench -- scale validators`
// runs only the named sections and prints them without overwriting either, which always hold a
// complete run. `npm run bench -- report` measures nothing: it rewrites the table from bench/results.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchCode } from "./code.ts";
import { benchDrift } from "./drift.ts";
import { benchFootprint } from "./footprint.ts";
import { benchGeneration } from "./generation.ts";
import { benchInstallSize } from "./install-size.ts";
import { benchIncremental } from "./incremental.ts";
import { benchMcp } from "./mcp.ts";
import { machine, round, timeCommand, workspaceRoot } from "./measure.ts";
import { performanceDoc, readResults, writePerformanceDoc } from "./performance-doc.ts";
import { renderTable, type Results } from "./report.ts";
import { benchNxScale } from "./nx-scale.ts";
import { benchScale } from "./scale.ts";
import { benchSearch } from "./search.ts";
import { benchServing } from "./serving.ts";
import { benchSuites } from "./suites.ts";
import { exampleTokensByRoute, toolTokensByRoute } from "./tokens.ts";
import { benchValidators } from "./validators.ts";
import { benchWatch } from "./watch.ts";

type Writable = { -readonly [K in keyof Results]: Results[K] };

/** The sections in run order, each storing its result: registering a section is one line here. */
const steps = {
  generation: (results: Writable) => void (results.generation = benchGeneration()),
  incremental: (results: Writable) => void (results.incremental = benchIncremental()),
  watch: async (results: Writable) => void (results.watch = await benchWatch()),
  scale: (results: Writable) => void (results.scale = benchScale()),
  "nx-scale": (results: Writable) => void (results.nxScale = benchNxScale()),
  validators: (results: Writable) => void (results.validators = benchValidators()),
  footprint: async (results: Writable) => void (results.footprint = await benchFootprint()),
  drift: (results: Writable) => void (results.drift = benchDrift()),
  search: async (results: Writable) => void (results.search = await benchSearch()),
  code: (results: Writable) => void (results.code = benchCode()),
  mcp: async (results: Writable) => void (results.mcp = await benchMcp()),
  serving: async (results: Writable) => void (results.serving = await benchServing()),
  tokens: (results: Writable) => {
    results.tokens = toolTokensByRoute(workspaceRoot);
    results.exampleTokens = exampleTokensByRoute(workspaceRoot);
  },
  install: (results: Writable) => void (results.install = benchInstallSize()),
  suites: (results: Writable) => void (results.suites = benchSuites()),
} satisfies Record<string, (results: Writable) => Promise<void> | void>;
type Section = keyof typeof steps;
const sections = Object.keys(steps) as Section[];

/**
 * Validators and footprint measure the built dist/, what consumers install. The runtime is built
 * first and the packages without their `generate` dependency, so the benchmark never rewrites
 * generated sources in the working tree; Nx's cache makes this a no-op when dist is current.
 */
function buildPackages(): void {
  const nx = join(workspaceRoot, "node_modules/.bin/nx");
  const env = { NX_DAEMON: "false", NX_NO_CLOUD: "true", NX_TUI: "false" };
  for (const args of [
    ["run", "@toolcat/runtime:build"],
    ["run-many", "-t", "build", "--exclude=@toolcat/runtime", "--excludeTaskDependencies"],
  ]) {
    const run = timeCommand(nx, [...args, "--outputStyle=static"], { env });
    if (run.status !== 0)
      throw new Error(`nx ${args.join(" ")} failed\n${run.stdout.slice(-4000)}${run.stderr.slice(-4000)}`);
  }
}

function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

async function main(argv: readonly string[]): Promise<void> {
  if (argv.length === 1 && argv[0] === "report") {
    writePerformanceDoc(workspaceRoot, readResults(workspaceRoot));
    log(`wrote the table in ${performanceDoc} from bench/results.json`);
    return;
  }
  const unknown = argv.filter((arg) => !(sections as readonly string[]).includes(arg));
  if (unknown.length > 0) throw new Error(`unknown section(s) ${unknown.join(", ")}; sections: ${sections.join(", ")}`);
  const selected = new Set<Section>(argv.length === 0 ? sections : (argv as Section[]));
  const start = performance.now();
  const results: Writable = { date: new Date().toISOString().slice(0, 10), machine: machine(), benchSeconds: 0 };

  if (
    ["validators", "footprint", "search", "code", "serving", "install", "suites"].some((section) =>
      selected.has(section as Section),
    )
  ) {
    log("building packages (cached by Nx)");
    buildPackages();
  }
  const failed: Section[] = [];
  for (const section of sections) {
    if (!selected.has(section)) continue;
    const sectionStart = performance.now();
    log(`${section}…`);
    try {
      await steps[section](results);
      log(`${section} done in ${round((performance.now() - sectionStart) / 1000)} s`);
    } catch (error) {
      // One failing section must not throw away the others' figures: they are printed, it is named.
      failed.push(section);
      log(`${section} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  results.benchSeconds = round((performance.now() - start) / 1000);

  process.stdout.write(`${renderTable(results)}\n`);
  if (failed.length > 0) {
    log(`failed: ${failed.join(", ")}; bench/results.json left as it was`);
    process.exitCode = 1;
  } else if (selected.size === sections.length) {
    mkdirSync(join(workspaceRoot, "bench"), { recursive: true });
    writeFileSync(join(workspaceRoot, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
    writePerformanceDoc(workspaceRoot, results);
    log(`wrote bench/results.json and the table in ${performanceDoc}`);
  } else {
    log(`partial run: bench/results.json and ${performanceDoc} left as they were`);
  }
}

await main(process.argv.slice(2));
