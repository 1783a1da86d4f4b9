// Section 9: toolcat-mcp over Streamable HTTP on loopback, 2026-07-28 clients calling a tool of
// CloudSheets through the runtime's memory transport, each call a request of its own: the round trip
// of one client calling in turn, and 200 clients calling at once for 10,000 calls, with the heap after
// collection once warm and at the end. Each run is a process of its own (the load test's runner).
import { runLoadInChild, type LoadResult } from "../../packages/mcp/test/support/load.ts";
import { mark, n, type Row } from "./table.ts";

export interface McpResult {
  readonly single: LoadResult;
  readonly concurrent: LoadResult;
}

export async function benchMcp(): Promise<McpResult> {
  return {
    single: await runLoadInChild({ clients: 1, warmup: 500, requests: 2_000 }),
    // 50 warm-up calls per client: with 10 each, the first heap reading came before the 200
    // connections and the compiled code had settled, and the heap then rose 10% and stayed there.
    concurrent: await runLoadInChild({ clients: 200, warmup: 10_000, requests: 10_000 }),
  };
}

export function mcpRows(m: McpResult): Row[] {
  const heap = (r: LoadResult): number => r.heapEndBytes / r.heapWarmBytes;
  const mb = (bytes: number): string => `${n(bytes / 1e6, 1)} MB`;
  const c = m.concurrent;
  return [
    [
      "9 MCP over HTTP",
      `tools/call round trip, 1 client, ${n(m.single.requests)} calls`,
      `p50 ${n(m.single.p50Ms, 2)} ms, p99 ${n(m.single.p99Ms, 2)} ms`,
      "",
      "",
      "p99 ≤ 5 ms",
      mark(m.single.p99Ms <= 5),
    ],
    [
      "9 MCP over HTTP",
      `tools/call, ${c.clients} clients at once, ${n(c.requests)} calls`,
      `p50 ${n(c.p50Ms, 1)} ms, p99 ${n(c.p99Ms, 1)} ms`,
      "",
      "",
      "",
      "",
    ],
    [
      "9 MCP over HTTP",
      `heap after collection over ${n(c.requests)} calls`,
      `${mb(c.heapWarmBytes)} → ${mb(c.heapEndBytes)}`,
      `sessions held: ${c.sessions}`,
      `${n(heap(c) * 100 - 100, 1)}%`,
      "±10%",
      mark(Math.abs(heap(c) - 1) <= 0.1),
    ],
  ];
}
