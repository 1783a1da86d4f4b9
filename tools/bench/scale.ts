// Section 3: synthetic catalogs of 1,000 and 10,000 tools (10 and 100 servers). Time per tool must
// stay flat as the catalog grows (10k per-tool ≤ 1.2 × 1k per-tool) and peak memory under 1.5 GB.
import { rmSync } from "node:fs";
import { median, ratio, round, stats, timeNodeOk, workspaceRoot, type Stats } from "./measure.ts";
import { toolsPerServer, writeSyntheticCatalog } from "./synthetic.ts";

export interface ScalePoint {
  readonly servers: number;
  readonly tools: number;
  readonly files: number;
  readonly megabytes: number;
  readonly totalMs: Stats;
  readonly perToolMs: number;
  readonly peakMb: number;
}

export interface ScaleResult {
  readonly small: ScalePoint;
  readonly large: ScalePoint;
  /** 10k per-tool time ÷ 1k per-tool time; target ≤ 1.2. */
  readonly perToolRatio: number;
}

interface ChildReport {
  readonly tools: number;
  readonly files: number;
  readonly bytes: number;
  readonly runsMs: readonly number[];
}

function measure(root: string, warmupRoot: string, servers: number, runs: number): ScalePoint {
  const run = timeNodeOk(["--import", "tsx", "tools/bench/child/scale.ts", root, warmupRoot, String(runs)]);
  const report = JSON.parse(run.stdout) as ChildReport;
  if (report.tools !== servers * toolsPerServer) throw new Error(`expected ${servers * toolsPerServer} tools, generated ${report.tools}`);
  return {
    servers,
    tools: report.tools,
    files: report.files,
    megabytes: round(report.bytes / 1024 ** 2),
    totalMs: stats(report.runsMs),
    perToolMs: round(median(report.runsMs) / report.tools, 3),
    peakMb: round(run.peakMb),
  };
}

export function benchScale(smallRuns = 5, largeRuns = 3): ScaleResult {
  const smallRoot = writeSyntheticCatalog(workspaceRoot, 10);
  const largeRoot = writeSyntheticCatalog(workspaceRoot, 100);
  try {
    // Both warm up on the 1k catalog, so neither figure includes first-run JIT compilation.
    const small = measure(smallRoot, smallRoot, 10, smallRuns);
    const large = measure(largeRoot, smallRoot, 100, largeRuns);
    return { small, large, perToolRatio: ratio(large.perToolMs / small.perToolMs) };
  } finally {
    rmSync(smallRoot, { recursive: true, force: true });
    rmSync(largeRoot, { recursive: true, force: true });
  }
}
