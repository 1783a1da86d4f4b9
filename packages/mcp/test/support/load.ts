// A load run on loopback, shared by the load test and the bench: the CLI's HTTP endpoint in process
// over the runtime's memory transport, many 2026-07-28 clients calling a tool at once, each call a
// request of its own. It reports the round-trip percentiles and the heap after garbage collection
// once warm and at the end, which must stay flat: stateless serving keeps nothing per request.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMemoryTransport } from "@toolcat/runtime";
import { httpDefaults } from "../../src/cli/args.ts";
import { serveHttp } from "../../src/cli/http.ts";
import { createMcpServerFactory } from "../../src/server.ts";
import { fromSource } from "./from-source.ts";
import { toolkits, workspaceRoot } from "./toolkits.ts";

export interface LoadOptions {
  readonly clients: number;
  /** Calls before the first heap reading, to warm up code and pools. */
  readonly warmup: number;
  /** Calls measured after the warm-up. */
  readonly requests: number;
}

export interface LoadResult extends LoadOptions {
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Heap in use after a full collection, once warm and after the measured calls. */
  readonly heapWarmBytes: number;
  readonly heapEndBytes: number;
  /** 2025-era sessions held at the end; stateless serving holds none. */
  readonly sessions: number;
}

/** A full collection, reached without starting Node with --expose-gc. */
function collect(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

const heap = (): number => {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
};

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const transport = createMemoryTransport({
    "CloudSheets.GetSpreadsheet": () => ({
      rows: [
        ["Name", "Score"],
        ["Ada", 36],
      ],
    }),
  });
  const factory = createMcpServerFactory({ toolkit: toolkits, transport, env: false });
  const endpoint = await serveHttp(
    factory,
    { port: 0, host: "127.0.0.1", allowedHosts: [], ...httpDefaults },
    () => undefined,
  );
  const clients = await Promise.all(
    Array.from({ length: options.clients }, async () => {
      const client = new Client(
        { name: "load", version: "1" },
        { versionNegotiation: { mode: { pin: "2026-07-28" } } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
      return client;
    }),
  );
  const times: number[] = [];
  /** `total` calls spread over every client at once. */
  const round = async (total: number, record: boolean): Promise<void> => {
    await Promise.all(
      clients.map(async (client, index) => {
        for (let call = index; call < total; call += clients.length) {
          const start = performance.now();
          const result = await client.callTool({
            name: "CloudSheets_GetSpreadsheet",
            arguments: { spreadsheet_id: `s${call}` },
          });
          if (record) times.push(performance.now() - start);
          if (result.isError === true) throw new Error(`call ${call} failed: ${JSON.stringify(result.content)}`);
        }
      }),
    );
  };
  try {
    await round(options.warmup, false);
    const heapWarmBytes = heap();
    await round(options.requests, true);
    const heapEndBytes = heap();
    times.sort((a, b) => a - b);
    const at = (p: number): number => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
    return { ...options, p50Ms: at(0.5), p99Ms: at(0.99), heapWarmBytes, heapEndBytes, sessions: endpoint.sessions() };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await endpoint.close();
  }
}

/** runLoad in a child process (run-load.ts), away from whatever else the calling process holds. */
export async function runLoadInChild(options: LoadOptions): Promise<LoadResult> {
  const script = fileURLToPath(new URL("run-load.ts", import.meta.url));
  const args = [...fromSource, script, String(options.clients), String(options.warmup), String(options.requests)];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: workspaceRoot, maxBuffer: 1024 * 1024 });
  return JSON.parse(stdout) as LoadResult;
}
