// Section 3: synthetic catalogs of 1,000, 10,000 and 100,000 tools (10, 100 and 1,000 servers). Time
// per tool must stay flat as the catalog grows (100k per-tool ≤ 1.2 × 1k per-tool) and peak memory
// at most 1 GB. The 100k catalog is generated once per bench (about a minute and a half). CPU time
// per tool is kept beside wall time: on a shared machine the long 100k run waits for the cores more
// than the short 1k runs do, which moves the wall-time ratio and not the CPU-time one.
// One real `toolcat generate` then writes the 10k catalog to disk (half a minute), so the peak of a
// run that writes, not only of generation, is measured too.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { median, ratio, round, stats, timeNodeOk, workspaceRoot, type Stats } from "./measure.ts";
import { toolsPerServer, writeSyntheticCatalog } from "./synthetic.ts";

export interface ScalePoint {
  readonly servers: number;
  readonly tools: number;
  readonly files: number;
  readonly megabytes: number;
  readonly totalMs: Stats;
  readonly perToolMs: number;
  /** Median CPU time of the process (all threads) per tool; absent from results older than the figure. */
  readonly cpuPerToolMs?: number;
  readonly peakMb: number;
}

/** A cold `toolcat generate` process writing a synthetic catalog into a workspace without packages. */
export interface WrittenPoint {
  readonly tools: number;
  readonly milliseconds: number;
  readonly peakMb: number;
}

export interface ScaleResult {
  readonly small: ScalePoint;
  readonly medium: ScalePoint;
  readonly large: ScalePoint;
  /** The medium catalog written to disk; absent from results older than the figure. */
  readonly written?: WrittenPoint;
  /** 10k per-tool time ÷ 1k per-tool time. */
  readonly mediumPerToolRatio: number;
  /** 100k per-tool time ÷ 1k per-tool time; target ≤ 1.2. */
  readonly perToolRatio: number;
  /** 100k per-tool CPU time ÷ 1k per-tool CPU time; absent from results older than the figure. */
  readonly cpuPerToolRatio?: number;
}

interface ChildReport {
  readonly tools: number;
  readonly files: number;
  readonly bytes: number;
  readonly runsMs: readonly number[];
  readonly cpuMs: readonly number[];
}

function measure(root: string, warmupRoot: string, servers: number, runs: number): ScalePoint {
  const run = timeNodeOk(["--import", "tsx", "tools/bench/child/scale.ts", root, warmupRoot, String(runs)]);
  const report = JSON.parse(run.stdout) as ChildReport;
  if (report.tools !== servers * toolsPerServer)
    throw new Error(`expected ${servers * toolsPerServer} tools, generated ${report.tools}`);
  return {
    servers,
    tools: report.tools,
    files: report.files,
    megabytes: round(report.bytes / 1024 ** 2),
    totalMs: stats(report.runsMs),
    perToolMs: round(median(report.runsMs) / report.tools, 3),
    cpuPerToolMs: round(median(report.cpuMs) / report.tools, 3),
    peakMb: round(run.peakMb),
  };
}

function measureWritten(root: string, tools: number): WrittenPoint {
  // The workspace root is found by its package.json beside specs/.
  writeFileSync(join(root, "package.json"), "{}\n");
  const run = timeNodeOk([join(workspaceRoot, "generators/bin/toolcat.js"), "generate", "--quiet"], { cwd: root });
  return { tools, milliseconds: round(run.milliseconds), peakMb: round(run.peakMb) };
}

export function benchScale(smallRuns = 5, mediumRuns = 3, largeRuns = 1): ScaleResult {
  const roots: string[] = [];
  const catalog = (servers: number): string => {
    roots.push(writeSyntheticCatalog(workspaceRoot, servers));
    return roots.at(-1)!;
  };
  try {
    const smallRoot = catalog(10);
    // All warm up on the 1k catalog, so no figure includes first-run JIT compilation.
    const small = measure(smallRoot, smallRoot, 10, smallRuns);
    const mediumRoot = catalog(100);
    const medium = measure(mediumRoot, smallRoot, 100, mediumRuns);
    const written = measureWritten(mediumRoot, medium.tools);
    const large = measure(catalog(1000), smallRoot, 1000, largeRuns);
    return {
      small,
      medium,
      large,
      written,
      mediumPerToolRatio: ratio(medium.perToolMs / small.perToolMs),
      perToolRatio: ratio(large.perToolMs / small.perToolMs),
      cpuPerToolRatio: ratio(large.cpuPerToolMs! / small.cpuPerToolMs!),
    };
  } finally {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  }
}
