// CPU time per call in the serving bench, which what else runs on a shared machine moves much less
// than calls per second: each process's user and system time from /proc over the middle of the
// 200-client level (wrk's connecting and its report after the run left out), divided by the calls
// the servers' request logs count in the same window. From one process's figures follows how much a
// second worker can add at most on 2 cores (ceiling()).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Process ids whose CPU time is read: the serving processes, and the others on the same cores. */
export interface MeasuredProcesses {
  readonly servers: readonly number[];
  readonly primary?: number;
  readonly engine: number;
  readonly balancer?: number;
}

/** Microseconds of CPU per call answered, for each process in the window. */
export interface CpuPerCall {
  /** Each serving process: all its threads, and its main thread (JavaScript, the event loop) alone. */
  readonly servers: readonly { readonly all: number; readonly main: number }[];
  readonly primary?: number;
  readonly engine: number;
  readonly balancer?: number;
  /** wrk, the clients. */
  readonly clients: number;
  /** The bench's own process, which reads the request logs as they come. */
  readonly bench: number;
  /** The calls the window holds. */
  readonly calls: number;
}

const ticksPerSecond = (): number =>
  Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

function seconds(path: string, ticks: number): number {
  const stat = readFileSync(path, "utf8");
  // utime and stime are the 14th and 15th fields; the command name before them may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

function benchSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

interface Snapshot {
  readonly calls: number;
  readonly bench: number;
  readonly all: ReadonlyMap<number, number>;
  readonly main: ReadonlyMap<number, number>;
}

/** Where the window starts and ends after wrk starts: clear of its connecting and of its report. */
const MARGIN_MS = 1_000;

/**
 * Reads CPU time once `start(wrk)` has been called, MARGIN_MS later and MARGIN_MS before `runSeconds`
 * end; `calls()` counts the calls answered so far. `result()` resolves once the window has closed.
 */
export function cpuWindow(
  processes: MeasuredProcesses,
  calls: () => number,
  runSeconds: number,
): { start(wrk: number): void; result(): Promise<CpuPerCall> } {
  const ticks = ticksPerSecond();
  let resolveResult: (value: CpuPerCall) => void = () => undefined;
  const done = new Promise<CpuPerCall>((resolve) => (resolveResult = resolve));
  const snapshot = (pids: readonly number[]): Snapshot => ({
    calls: calls(),
    bench: benchSeconds(),
    all: new Map(pids.map((pid) => [pid, seconds(`/proc/${pid}/stat`, ticks)])),
    main: new Map(processes.servers.map((pid) => [pid, seconds(`/proc/${pid}/task/${pid}/stat`, ticks)])),
  });
  return {
    start(wrk) {
      const others = [processes.primary, processes.engine, processes.balancer, wrk].filter((pid) => pid !== undefined);
      const pids = [...processes.servers, ...others];
      setTimeout(() => {
        const first = snapshot(pids);
        setTimeout(
          () => {
            const last = snapshot(pids);
            const n = last.calls - first.calls;
            const per = (pid: number, of: "all" | "main" = "all"): number =>
              ((last[of].get(pid) ?? 0) - (first[of].get(pid) ?? 0)) * (1e6 / Math.max(n, 1));
            resolveResult({
              servers: processes.servers.map((pid) => ({ all: per(pid), main: per(pid, "main") })),
              ...(processes.primary === undefined ? {} : { primary: per(processes.primary) }),
              engine: per(processes.engine),
              ...(processes.balancer === undefined ? {} : { balancer: per(processes.balancer) }),
              clients: per(wrk),
              bench: (last.bench - first.bench) * (1e6 / Math.max(n, 1)),
              calls: n,
            });
          },
          runSeconds * 1000 - 2 * MARGIN_MS,
        );
      }, MARGIN_MS);
    },
    result: () => done,
  };
}

/** All the CPU a call costs on the machine, and the part of it spent outside the serving processes' threads. */
export function totalPerCall(cpu: CpuPerCall): number {
  const servers = cpu.servers.reduce((sum, server) => sum + server.all, 0);
  return servers + (cpu.primary ?? 0) + cpu.engine + (cpu.balancer ?? 0) + cpu.clients + cpu.bench;
}

/**
 * What 2 cores allow, from one process's CPU per call: one process serves at most one call per
 * main-thread CPU time (its event loop is one thread), and no layout serves more calls per second
 * than 2 cores hold calls' worth of CPU, clients and engine included. `ratio` is the most
 * `--workers 2` can give over one process, if a worker costs what the process does per call.
 */
export function ceiling(one: CpuPerCall): { onePerSecond: number; twoPerSecond: number; ratio: number } {
  const main = one.servers[0]?.main ?? 0;
  const twoPerSecond = 2e6 / totalPerCall(one);
  const onePerSecond = Math.min(1e6 / main, twoPerSecond);
  return { onePerSecond, twoPerSecond, ratio: twoPerSecond / onePerSecond };
}
