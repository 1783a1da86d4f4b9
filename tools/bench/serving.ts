// Section "serving": toolcat-mcp beyond one process. The built command serves CloudSheets with a
// local engine on loopback; 1, 50 and 200 clients call a tool at once, each call a 2026-07-28
// request of its own (a plain POST, so the clients cost little beside the servers), against one
// process, one process with --workers 2, and two processes behind HAProxy (the configuration of
// docs/deployment.md). Round-trip percentiles, calls per second, and the resident memory of each
// serving process once warm and after the 200 clients; then one process in code mode, warm and
// after programs have run in four sandboxes at once. Clients, engine and servers share the machine.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startBackend, type RunningBackend } from "../../test/e2e/support/backends.ts";
import { startHaproxy } from "../../test/e2e/support/haproxy.ts";
import { mark, n, type Row } from "./table.ts";

export interface LevelResult {
  readonly clients: number;
  readonly calls: number;
  /** Calls that got no answer (a connection closed under overload, a 5xx); left out of the percentiles. */
  readonly failed: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly callsPerSecond: number;
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
}

const levels = [
  { clients: 1, calls: 300 },
  { clients: 50, calls: 2_000 },
  { clients: 200, calls: 4_000 },
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

const getSpreadsheet = (url: URL, call: number) =>
  callTool(url, "CloudSheets_GetSpreadsheet", { spreadsheet_id: `s${call}` });

async function runLevel(url: URL, clients: number, calls: number): Promise<LevelResult> {
  const times: number[] = [];
  let failed = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      for (let call = index; call < calls; call += clients) {
        const begun = performance.now();
        try {
          await getSpreadsheet(url, call);
          times.push(performance.now() - begun);
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number): number => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
  return { clients, calls, failed, p50Ms: at(0.5), p99Ms: at(0.99), callsPerSecond: times.length / seconds };
}

const rss = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
const children = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

async function stop(backends: readonly RunningBackend[]): Promise<void> {
  for (const backend of backends) backend.child.kill("SIGTERM");
  await Promise.all(backends.map((backend) => backend.exited));
}

async function measure(name: string, url: URL, servers: () => number[], primary?: number): Promise<SetupResult> {
  await runLevel(url, 50, 500);
  const rssWarmBytes = servers().map(rss);
  const results: LevelResult[] = [];
  for (const level of levels) {
    results.push(await runLevel(url, level.clients, level.calls));
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

const ENGINE_KEY = "bench-engine-key";

/**
 * The engine the runtime's HTTP transport calls: every tool answers a fixed value at once. Kept-alive
 * connections outlive the servers' idle pools, so a connection is never closed under a call reusing it.
 */
async function startEngine(): Promise<{ url: string; apiKey: string; close(): Promise<void> }> {
  const answer = JSON.stringify({
    success: true,
    output: {
      value: {
        rows: [
          ["Name", "Score"],
          ["Ada", 36],
        ],
      },
    },
  });
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => void response.writeHead(200, { "content-type": "application/json" }).end(answer));
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey: ENGINE_KEY,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
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
  const engine = await startEngine();
  const key = { url: engine.url, apiKey: engine.apiKey };
  const setups: SetupResult[] = [];
  try {
    const one = await startBackend(key);
    setups.push(await measure("one process", new URL(`http://127.0.0.1:${one.port}/mcp`), () => [one.child.pid ?? 0]));
    await stop([one]);

    const cluster = await startBackend(key, ["--workers", "2"]);
    const primary = cluster.child.pid ?? 0;
    setups.push(
      await measure("--workers 2", new URL(`http://127.0.0.1:${cluster.port}/mcp`), () => children(primary), primary),
    );
    await stop([cluster]);

    const pair = await Promise.all([startBackend(key), startBackend(key)]);
    const haproxy = await startHaproxy(
      pair.map((backend, index) => ({ name: `p${index}`, port: backend.port })),
      1_000,
    );
    try {
      setups.push(
        await measure("2 processes behind HAProxy", haproxy.url, () => pair.map((backend) => backend.child.pid ?? 0)),
      );
    } finally {
      await haproxy.stop();
      await stop(pair);
    }
    return { setups, code: await codeMode(engine) };
  } finally {
    await engine.close();
  }
}

export function servingRows(s: ServingResult): Row[] {
  const mb = (bytes: number): string => `${n(bytes / 1e6)} MB`;
  const one = s.setups[0];
  const at = (setup: SetupResult | undefined, clients: number) =>
    setup?.levels.find((level) => level.clients === clients);
  const rows: Row[] = [];
  for (const setup of s.setups) {
    for (const level of setup.levels) {
      const base = at(one, level.clients);
      const ratio =
        base === undefined || setup === one ? "" : `${n(level.callsPerSecond / base.callsPerSecond, 2)}× one process`;
      const workers2at200 = setup.name === "--workers 2" && level.clients === 200;
      rows.push([
        "10 serving",
        `${setup.name}, ${level.clients} client${level.clients === 1 ? "" : "s"}, ${n(level.calls)} calls`,
        `p50 ${n(level.p50Ms, 1)} ms, p99 ${n(level.p99Ms, 1)} ms, ${n(level.callsPerSecond)} ` +
          `calls/s${level.failed > 0 ? `, ${n(level.failed)} failed` : ""}`,
        `p99/p50 ${n(level.p99Ms / level.p50Ms, 1)}`,
        ratio,
        workers2at200 ? "≥ 1.6× calls/s, p99 ≤ 4× p50" : "",
        workers2at200 && base !== undefined
          ? mark(
              level.failed === 0 && level.callsPerSecond >= 1.6 * base.callsPerSecond && level.p99Ms <= 4 * level.p50Ms,
            )
          : "",
      ]);
    }
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
  return rows;
}
