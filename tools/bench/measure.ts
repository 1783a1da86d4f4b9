// Shared measuring primitives: medians over repeated runs, timed child processes with their peak
// memory, and the machine description every result is recorded with.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const probe = pathToFileURL(join(workspaceRoot, "tools/bench/child/rss-probe.mjs")).href;

export interface Stats {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function stats(values: readonly number[]): Stats {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}

export interface ProcessRun {
  readonly milliseconds: number;
  /** Peak resident set size of the node process itself, in MB (from its own resourceUsage at exit). */
  readonly peakMb: number;
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface SpawnOptions {
  readonly cwd?: string;
  /** The node binary; the one running the benchmark when omitted. */
  readonly node?: string;
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Runs `node <args>` in a fresh process and times it from spawn to exit. The probe is preloaded on
 * the command line rather than through NODE_OPTIONS so only this process reports, not its children.
 */
export function timeNode(args: readonly string[], options: SpawnOptions = {}): ProcessRun {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-rss-"));
  const rssFile = join(dir, "rss");
  try {
    const start = performance.now();
    const result = spawnSync(options.node ?? process.execPath, ["--import", probe, ...args], {
      cwd: options.cwd ?? workspaceRoot,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, ...options.env, BENCH_RSS_FILE: rssFile },
    });
    const milliseconds = performance.now() - start;
    const peakKb = Number(readFileSync(rssFile, "utf8"));
    return {
      milliseconds,
      peakMb: peakKb / 1024,
      status: result.status ?? -1,
      stdout: result.stdout,
      stderr: result.stderr,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Like timeNode, but fails loudly: a benchmark of a failing command measures nothing. */
export function timeNodeOk(args: readonly string[], options: SpawnOptions = {}): ProcessRun {
  const run = timeNode(args, options);
  if (run.status !== 0) throw new Error(`node ${args.join(" ")} exited with ${run.status}\n${run.stderr.slice(-4000)}`);
  return run;
}

/** Times any command from spawn to exit (for tools whose own child processes do the work, like Nx). */
export function timeCommand(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Omit<ProcessRun, "peakMb"> {
  const start = performance.now();
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? workspaceRoot,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...options.env },
  });
  const milliseconds = performance.now() - start;
  if (result.error !== undefined) throw result.error;
  return { milliseconds, status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs each contender `warmup` times unmeasured, then `runs` times measured, interleaved so that
 * drift in machine load during the section hits every contender alike.
 */
export function interleave<T>(
  contenders: Readonly<Record<string, () => T>>,
  warmup: number,
  runs: number,
): Record<string, T[]> {
  const names = Object.keys(contenders);
  for (let i = 0; i < warmup; i++) for (const name of names) contenders[name]!();
  const results: Record<string, T[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < runs; i++) for (const name of names) results[name]!.push(contenders[name]!());
  return results;
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly node: string;
  readonly platform: string;
}

export function machine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

export const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

/** Ratios keep three significant digits: fixed decimals would turn 0.004 into 0 and break geomeans. */
export const ratio = (value: number): number => Number(value.toPrecision(3));
