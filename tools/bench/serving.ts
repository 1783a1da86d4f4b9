// Section "serving": toolcat-mcp beyond one process. The built command serves CloudSheets on
// loopback against an engine that answers at once (serving-engine.ts). wrk (wrk.ts) opens 1, 50 and
// 200 connections, each a 2026-07-28 client calling tools one after another, against one process,
// one process with --workers 2, and two processes behind HAProxy (the configuration of
// docs/deployment.md); only calls answered with a tool result count. Round-trip percentiles, calls
// per second, each serving process's share of the calls, and the resident memory of each serving
// process once warm and after the 200 clients; then one process in code mode, warm and after
// programs have run in four sandboxes at once. Load generator, engine and servers share the machine,
// and its load average is recorded beside the figures.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { startBackend, type RequestLine, type RunningBackend } from "../../test/e2e/support/backends.ts";
import { startHaproxy } from "../../test/e2e/support/haproxy.ts";
import { ceiling, cpuWindow, totalPerCall, type CpuPerCall, type MeasuredProcesses } from "./serving-cpu.ts";
import { startEngine } from "./serving-engine.ts";
import { mark, n, type Row } from "./table.ts";
import { runWrk, wrkBinary } from "./wrk.ts";

export interface LevelResult {
  readonly clients: number;
  readonly seconds: number;
  /** Calls answered with a tool result. */
  readonly answered: number;
  /** Calls answered otherwise (a status other than 200, an error) or not at all; not in calls/s. */
  readonly failed: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** wrk's p99 with its coordinated-omission correction (clients as if sending at a fixed rate). */
  readonly correctedP99Ms: number;
  /** Answered calls per second. */
  readonly callsPerSecond: number;
  /** Each serving process's share of the calls, from their request logs, largest first. */
  readonly shares: readonly number[];
  /** At 200 clients: microseconds of CPU per call of each process on the machine (serving-cpu.ts). */
  readonly cpu?: CpuPerCall;
}

export interface SetupResult {
  readonly name: string;
  readonly levels: readonly LevelResult[];
  /**
   * Resident memory of each process that serves requests (a cluster's primary aside), once warm and after the 200
   * clients.
   */
  readonly rssWarmBytes: readonly number[];
  readonly rssLoadedBytes: readonly number[];
  /** A --workers primary's own memory; it only hands connections on. */
  readonly primaryRssBytes?: number;
}

export interface ServingResult {
  readonly setups: readonly SetupResult[];
  readonly code: { readonly rssWarmBytes: number; readonly rssFourSandboxesBytes: number };
  /** The machine's 1-minute load average when the section started and ended (2 cores: 2 is full). */
  readonly loadAverage: { readonly start: number; readonly end: number };
}

const levels = [
  { clients: 1, seconds: 5 },
  { clients: 50, seconds: 8 },
  { clients: 200, seconds: 10 },
] as const;

const meta = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const headers = (name: string) => ({
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/call",
  "mcp-name": name,
});

/** One tools/call as a 2026-07-28 client sends it; throws unless the tool answered. */
async function callTool(url: URL, name: string, args: object): Promise<void> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args, _meta: meta },
  });
  const response = await fetch(url, { method: "POST", headers: headers(name), body });
  const text = await response.text();
  if (response.status !== 200 || !text.includes('"structuredContent"') || text.includes('"isError":true'))
    throw new Error(`call failed (${response.status}): ${text.slice(0, 300)}`);
}

/**
 * Calls answered so far, counted in the logs' text without parsing it: read while the clients run,
 * so it takes little from the cores it measures.
 */
function countAnswered(texts: readonly string[]): number {
  let count = 0;
  for (const text of texts)
    for (let at = text.indexOf('"method":"tools/call"'); at >= 0; at = text.indexOf('"method":"tools/call"', at + 1)) {
      const end = text.indexOf("\n", at);
      if (text.slice(at, end < 0 ? undefined : end).includes('"status":200')) count += 1;
    }
  return count;
}

/** Calls answered per serving process, from the request lines logged so far. */
function callsByProcess(lines: readonly RequestLine[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const line of lines)
    if (line.method === "tools/call" && line.status === 200) counts.set(line.pid, (counts.get(line.pid) ?? 0) + 1);
  return counts;
}

/** The level whose CPU time per call is read. */
const CPU_CLIENTS = 200;

async function runLevel(
  url: URL,
  clients: number,
  seconds: number,
  logs: () => readonly RequestLine[],
  rawLogs: () => readonly string[],
  processes: MeasuredProcesses,
): Promise<LevelResult> {
  const before = callsByProcess(logs());
  const answered = (): number => countAnswered(rawLogs());
  const window = clients === CPU_CLIENTS ? cpuWindow(processes, answered, seconds) : undefined;
  const result = await runWrk(url, clients, seconds, window?.start);
  const cpu = await window?.result();
  const served = [...callsByProcess(logs())].map(([pid, count]) => count - (before.get(pid) ?? 0));
  const total = served.reduce((sum, count) => sum + count, 0);
  return {
    clients,
    seconds: result.seconds,
    answered: result.answered,
    failed: result.failed + result.unanswered,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    maxMs: result.maxMs,
    correctedP99Ms: result.correctedP99Ms,
    callsPerSecond: result.answered / result.seconds,
    shares: served
      .filter((count) => count > 0)
      .map((count) => count / total)
      .sort((a, b) => b - a),
    ...(cpu === undefined ? {} : { cpu }),
  };
}

const rss = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
const children = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

async function stop(backends: readonly RunningBackend[]): Promise<void> {
  for (const backend of backends) backend.child.kill("SIGTERM");
  await Promise.all(backends.map((backend) => backend.exited));
}

async function measure(
  name: string,
  url: URL,
  backends: readonly RunningBackend[],
  processes: Omit<MeasuredProcesses, "servers">,
  servers: () => number[],
): Promise<SetupResult> {
  const primary = processes.primary;
  const logs = (): RequestLine[] => backends.flatMap((backend) => backend.requests());
  // Warm-up: JIT, connection pools and heaps settle before anything is measured.
  await runWrk(url, 50, 5);
  const rssWarmBytes = servers().map(rss);
  const results: LevelResult[] = [];
  for (const level of levels) {
    const processesNow = { ...processes, servers: servers() };
    const rawLogs = (): string[] => backends.map((backend) => backend.stderr());
    results.push(await runLevel(url, level.clients, level.seconds, logs, rawLogs, processesNow));
    // Each figure as it comes, so a setup that fails later still leaves the earlier ones.
    process.stderr.write(`bench: serving: ${name}: ${JSON.stringify(results.at(-1))}\n`);
  }
  return {
    name,
    levels: results,
    rssWarmBytes,
    rssLoadedBytes: servers().map(rss),
    ...(primary === undefined ? {} : { primaryRssBytes: rss(primary) }),
  };
}

async function codeMode(engine: { url: string; apiKey: string }): Promise<ServingResult["code"]> {
  const backend = await startBackend(engine, ["--mode", "code", "--code-sandboxes", "4"]);
  try {
    const readyz = new URL(`http://127.0.0.1:${backend.port}/readyz`);
    while ((await fetch(readyz)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    const url = new URL(`http://127.0.0.1:${backend.port}/mcp`);
    const rssWarmBytes = rss(backend.child.pid ?? 0);
    const program = 'const sheet = await CloudSheets.getSpreadsheet({ spreadsheet_id: "s" }); return sheet;';
    for (let round = 0; round < 3; round += 1)
      await Promise.all([1, 2, 3, 4].map(() => callTool(url, "execute_code", { code: program })));
    return { rssWarmBytes, rssFourSandboxesBytes: rss(backend.child.pid ?? 0) };
  } finally {
    await stop([backend]);
  }
}

export async function benchServing(): Promise<ServingResult> {
  wrkBinary();
  const loadAtStart = loadavg()[0] ?? 0;
  const engine = await startEngine();
  const key = { url: engine.url, apiKey: engine.apiKey };
  const setups: SetupResult[] = [];
  try {
    const one = await startBackend(key);
    setups.push(
      await measure("one process", new URL(`http://127.0.0.1:${one.port}/mcp`), [one], { engine: engine.pid }, () => [
        one.child.pid ?? 0,
      ]),
    );
    await stop([one]);

    const cluster = await startBackend(key, ["--workers", "2"]);
    const primary = cluster.child.pid ?? 0;
    setups.push(
      await measure(
        "--workers 2",
        new URL(`http://127.0.0.1:${cluster.port}/mcp`),
        [cluster],
        { engine: engine.pid, primary },
        () => children(primary),
      ),
    );
    await stop([cluster]);

    const pair = await Promise.all([startBackend(key), startBackend(key)]);
    const haproxy = await startHaproxy(
      pair.map((backend, index) => ({ name: `p${index}`, port: backend.port })),
      1_000,
    );
    try {
      setups.push(
        await measure(
          "2 processes behind HAProxy",
          haproxy.url,
          pair,
          { engine: engine.pid, balancer: haproxy.pid },
          () => pair.map((backend) => backend.child.pid ?? 0),
        ),
      );
    } finally {
      await haproxy.stop();
      await stop(pair);
    }
    const result = {
      setups,
      code: await codeMode(engine),
      loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    };
    for (const line of targetLines(result)) process.stderr.write(`bench: serving: ${line}\n`);
    return result;
  } finally {
    await engine.close();
  }
}

const at = (setup: SetupResult | undefined, clients: number) =>
  setup?.levels.find((level) => level.clients === clients);

/** The issue's targets at 200 clients: --workers 2 against one process, and p99 against p50. */
function targets(s: ServingResult) {
  const one = at(
    s.setups.find((setup) => setup.name === "one process"),
    200,
  );
  const two = at(
    s.setups.find((setup) => setup.name === "--workers 2"),
    200,
  );
  if (one === undefined || two === undefined) return undefined;
  const ratio = two.callsPerSecond / one.callsPerSecond;
  const spread = two.p99Ms / two.p50Ms;
  const clean = one.failed === 0 && two.failed === 0;
  return { one, two, ratio, spread, throughputMet: clean && ratio >= 1.6, spreadMet: clean && spread <= 4 };
}

const us = (micros: number): string => `${n(micros)} µs`;

/** One setup's CPU per call at 200 clients, process by process. */
function cpuText(cpu: CpuPerCall): string {
  const servers = cpu.servers.map((server) => `${us(server.all)} (main thread ${us(server.main)})`).join(" + ");
  const others = [
    ...(cpu.primary === undefined ? [] : [`primary ${us(cpu.primary)}`]),
    `engine ${us(cpu.engine)}`,
    ...(cpu.balancer === undefined ? [] : [`HAProxy ${us(cpu.balancer)}`]),
    `wrk ${us(cpu.clients)}`,
    `bench ${us(cpu.bench)}`,
  ];
  return `serving ${servers}; ${others.join(", ")}; all ${us(totalPerCall(cpu))} (${n(cpu.calls)} calls)`;
}

/**
 * What 2 cores allow, from one process's CPU per call (serving-cpu.ts), and what they allow at
 * --workers 2's own CPU per call, which is higher when a worker costs more per call than one process.
 */
function ceilingText(s: ServingResult): string | undefined {
  const cpu = at(s.setups[0], CPU_CLIENTS)?.cpu;
  if (cpu === undefined) return undefined;
  const c = ceiling(cpu);
  const workers = at(
    s.setups.find((setup) => setup.name === "--workers 2"),
    CPU_CLIENTS,
  )?.cpu;
  const own = workers === undefined ? undefined : 2e6 / totalPerCall(workers);
  return (
    `one process ≤ ${n(c.onePerSecond)} calls/s (its main thread), any layout ≤ ${n(c.twoPerSecond)} calls/s ` +
    `(2 cores): --workers 2 ≤ ${n(c.ratio, 2)}× one process` +
    (own === undefined ? "" : `; at its own CPU per call, ≤ ${n(own)} calls/s (${n(own / c.onePerSecond, 2)}×)`)
  );
}

function targetLines(s: ServingResult): string[] {
  const t = targets(s);
  if (t === undefined) return [];
  const failed = t.one.failed + t.two.failed;
  const limit = ceilingText(s);
  return [
    ...s.setups.flatMap((setup) => {
      const cpu = at(setup, CPU_CLIENTS)?.cpu;
      return cpu === undefined ? [] : [`CPU per call, ${setup.name}, ${CPU_CLIENTS} clients: ${cpuText(cpu)}`];
    }),
    ...(limit === undefined ? [] : [`ceiling from one process's CPU per call: ${limit}`]),
    `target: --workers 2 at 200 clients, ${n(t.ratio, 2)}× the calls/s of one process (≥ 1.6×): ` +
      `${t.throughputMet ? "met" : "NOT met"}`,
    `target: --workers 2 at 200 clients, p99 ${n(t.spread, 1)}× p50 (≤ 4×): ${t.spreadMet ? "met" : "NOT met"}`,
    ...(failed > 0 ? [`${n(failed)} calls failed at 200 clients: a run with failed calls meets no target`] : []),
    `load average ${n(s.loadAverage.start, 2)} at the start, ${n(s.loadAverage.end, 2)} at the end (2 cores)`,
  ];
}

export function servingRows(s: ServingResult): Row[] {
  const mb = (bytes: number): string => `${n(bytes / 1e6)} MB`;
  const percent = (share: number): string => `${n(share * 100)}%`;
  const one = s.setups[0];
  const rows: Row[] = [];
  for (const setup of s.setups) {
    for (const level of setup.levels) {
      const base = at(one, level.clients);
      const ratio =
        base === undefined || setup === one ? "" : `${n(level.callsPerSecond / base.callsPerSecond, 2)}× one process`;
      const split = level.shares.length > 1 ? `; calls per process ${level.shares.map(percent).join(" / ")}` : "";
      rows.push([
        "10 serving",
        `${setup.name}, ${level.clients} client${level.clients === 1 ? "" : "s"}, ${n(level.seconds, 1)} s`,
        `p50 ${n(level.p50Ms, 1)} ms, p99 ${n(level.p99Ms, 1)} ms, ${n(level.callsPerSecond)} calls/s ` +
          `(${n(level.answered)} calls${level.failed > 0 ? `, ${n(level.failed)} failed` : ", none failed"})${split}`,
        `p99/p50 ${n(level.p99Ms / level.p50Ms, 1)}`,
        ratio,
        "",
        "",
      ]);
    }
    const cpu = at(setup, CPU_CLIENTS)?.cpu;
    if (cpu !== undefined)
      rows.push(["10 serving", `${setup.name}: CPU per call, ${CPU_CLIENTS} clients`, cpuText(cpu), "", "", "", ""]);
    const primary = setup.primaryRssBytes === undefined ? "" : `primary ${mb(setup.primaryRssBytes)}`;
    rows.push([
      "10 serving",
      `${setup.name}: resident memory per serving process, warm → after 200 clients`,
      setup.rssWarmBytes.map((bytes, index) => `${mb(bytes)} → ${mb(setup.rssLoadedBytes[index] ?? 0)}`).join("; "),
      primary,
      "",
      "",
      "",
    ]);
  }
  rows.push([
    "10 serving",
    "--mode code: resident memory of one process, warm → after programs in 4 sandboxes at once",
    `${mb(s.code.rssWarmBytes)} → ${mb(s.code.rssFourSandboxesBytes)}`,
    "",
    "",
    "",
    "",
  ]);
  const limit = ceilingText(s);
  if (limit !== undefined)
    rows.push(["10 serving", "what 2 cores allow, from one process's CPU per call", limit, "", "", "", ""]);
  const t = targets(s);
  if (t !== undefined) {
    rows.push(
      [
        "10 serving, target",
        "--workers 2 against one process, 200 clients: calls/s",
        `${n(t.two.callsPerSecond)} calls/s`,
        `one process: ${n(t.one.callsPerSecond)} calls/s`,
        `${n(t.ratio, 2)}×`,
        "≥ 1.6×, no call failed",
        mark(t.throughputMet),
      ],
      [
        "10 serving, target",
        "--workers 2, 200 clients: p99 against p50",
        `p99 ${n(t.two.p99Ms, 1)} ms`,
        `p50 ${n(t.two.p50Ms, 1)} ms`,
        `${n(t.spread, 1)}×`,
        "≤ 4×, no call failed",
        mark(t.spreadMet),
      ],
    );
  }
  rows.push([
    "10 serving",
    "machine load average (1 minute) at the section's start → end, 2 cores",
    `${n(s.loadAverage.start, 2)} → ${n(s.loadAverage.end, 2)}`,
    "",
    "",
    "",
    "",
  ]);
  return rows;
}
