// toolcat-mcp behind HAProxy, as docs/deployment.md configures it: three processes on 127.0.0.1,
// health-checked on /readyz. 2026-07-28 clients are spread over every backend; a 2025 client's
// session stays on the backend that holds it (stick table on Mcp-Session-Id); a backend killed
// under load loses only the calls it had in flight, which fail with a retryable 5xx, and HAProxy
// marks it down; a backend sent SIGTERM finishes its calls in flight and exits 0.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_API_KEY, startEngine, type TestEngine } from "../../packages/mcp/test/support/engine.ts";
import { startBackend, type RunningBackend } from "./support/backends.ts";
import { startHaproxy, type RunningHaproxy } from "./support/haproxy.ts";

/** Health checks this often: HAProxy marks a backend down after two failures. */
const CHECK_MS = 250;
const names = ["a", "b", "c"] as const;

let engine: TestEngine;
let backends: Record<(typeof names)[number], RunningBackend>;
let haproxy: RunningHaproxy;

beforeAll(async () => {
  engine = await startEngine();
  // On SIGTERM a backend fails /readyz and serves on until HAProxy has seen two failed checks.
  const delay = ["--shutdown-delay-ms", String(4 * CHECK_MS)];
  const started = await Promise.all(names.map(() => startBackend({ url: engine.url, apiKey: ENGINE_API_KEY }, delay)));
  backends = { a: started[0]!, b: started[1]!, c: started[2]! };
  haproxy = await startHaproxy(
    names.map((name) => ({ name, port: backends[name].port })),
    CHECK_MS,
  );
});

afterAll(async () => {
  await haproxy?.stop();
  for (const backend of Object.values(backends ?? {}))
    if (backend.child.exitCode === null && backend.child.signalCode === null) backend.child.kill("SIGKILL");
  await engine?.close();
});

const modernClient = async (): Promise<Client> => {
  const client = new Client({ name: "lb", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new StreamableHTTPClientTransport(haproxy.url));
  return client;
};

const getSpreadsheet = { name: "CloudSheets_GetSpreadsheet", arguments: { spreadsheet_id: "s1" } };
const rows = {
  rows: [
    ["Name", "Score"],
    ["Ada", 36],
  ],
};
/** A line is logged when its response has closed, just after the client has read it. */
async function logged(done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !done(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}

const calls = (backend: RunningBackend, tool = "CloudSheets_GetSpreadsheet"): number =>
  backend.requests().filter((line) => line.tool === tool).length;

/**
 * How a failed call came back: HAProxy answers 502 (or 503) to a request whose backend died under
 * it, or, when the request was not the first on its client connection, closes that connection
 * without an answer, as a server ending a keep-alive connection would. A client retries either.
 */
const failureOf = (error: unknown): string => {
  const status = (error as { data?: { status?: unknown } }).data?.status;
  if (status === 502 || status === 503) return "5xx";
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (cause?.code === "UND_ERR_SOCKET") return "closed";
  return `${String(error)} (${String(cause)})`.slice(0, 300);
};

describe("toolcat-mcp behind HAProxy", () => {
  it("spreads 2026-07-28 clients over every backend", async () => {
    const clients = await Promise.all([1, 2, 3, 4, 5, 6].map(() => modernClient()));
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all(clients.map((client) => client.callTool(getSpreadsheet)));
      expect(results.map((result) => result.structuredContent)).toEqual(clients.map(() => rows));
    }
    await Promise.all(clients.map((client) => client.close()));
    expect(names.map((name) => calls(backends[name]) > 0)).toEqual([true, true, true]);
  });

  it("keeps a 2025 client's session on the backend that holds it", async () => {
    const transport = new V1Transport(haproxy.url);
    const client = new V1Client({ name: "lb-v1", version: "1" });
    await client.connect(transport);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const before = names.map((name) => calls(backends[name]));
    for (let call = 0; call < 9; call += 1)
      expect((await client.callTool(getSpreadsheet)).structuredContent).toEqual(rows);
    await client.close();
    // Round-robin alone would have sent the session's calls to every backend, and two of them answer 404.
    const added = (): number[] =>
      names.map((name, index) => calls(backends[name]) - before[index]!).filter((count) => count > 0);
    await logged(() => added().reduce((sum, count) => sum + count, 0) === 9);
    expect(added()).toEqual([9]);
  });

  it(
    "loses only the calls in flight on a backend killed " + "under load, as retryable errors, and stops sending to it",
    async () => {
      const clients = await Promise.all(Array.from({ length: 12 }, () => modernClient()));
      let running = true;
      const failures: { startedAt: number; kind: string }[] = [];
      let answered = 0;
      const load = clients.map(async (client) => {
        while (running) {
          const startedAt = performance.now();
          try {
            expect((await client.callTool(getSpreadsheet)).structuredContent).toEqual(rows);
            answered += 1;
          } catch (error) {
            failures.push({ startedAt, kind: failureOf(error) });
          }
        }
      });
      while (answered < 40) await new Promise((resolve) => setTimeout(resolve, 20));
      backends.c.child.kill("SIGKILL");
      await backends.c.exited;
      // The process is gone by now: a call started later never met it.
      const goneAt = performance.now();
      const downBy = Date.now() + 10_000;
      while ((await haproxy.status()).c !== "DOWN" && Date.now() < downBy)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const answeredAtDown = answered;
      while (answered < answeredAtDown + 40) await new Promise((resolve) => setTimeout(resolve, 20));
      running = false;
      await Promise.all(load);

      expect((await haproxy.status()).c).toMatch(/^DOWN/);
      // Every failure was a call under way while the backend died (each client has one at a time), and retryable.
      expect(failures.length).toBeLessThanOrEqual(clients.length);
      for (const failure of failures) {
        expect(failure.startedAt).toBeLessThan(goneAt);
        expect(["5xx", "closed"]).toContain(failure.kind);
      }
      // Retryable: the same call sent again is answered by a live backend.
      for (let retry = 0; retry < failures.length; retry += 1)
        expect((await clients[0]!.callTool(getSpreadsheet)).structuredContent).toEqual(rows);
      await Promise.all(clients.map((client) => client.close()));
    },
  );

  it("drains a backend sent SIGTERM: its calls in flight are answered, and it exits 0", async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => modernClient()));
    const writeBefore = calls(backends.b, "CloudSheets_WriteToCell");
    const slow = clients.map((client) =>
      client.callTool({
        name: "CloudSheets_WriteToCell",
        arguments: { spreadsheet_id: "s", column: "A", row: 1, value: "x" },
      }),
    );
    // Round-robin over a and b: both hold slow calls once four have reached the engine.
    for (let held = 0; held < 4; held += 1) await engine.waitForHeld("CloudSheets.WriteToCell");
    backends.b.child.kill("SIGTERM");
    // New calls during the drain go to a.
    const during = await Promise.all(
      clients.map(() => modernClient().then(async (client) => (await client.callTool(getSpreadsheet), client.close()))),
    );
    expect(during).toHaveLength(4);
    expect((await Promise.all(slow)).map((result) => result.structuredContent)).toEqual(
      clients.map(() => ({ written: true })),
    );
    expect(await backends.b.exited).toBe(0);
    expect(calls(backends.b, "CloudSheets_WriteToCell") - writeBefore).toBeGreaterThan(0);
    expect(backends.b.requests().filter((line) => line.status === "aborted")).toEqual([]);
    await Promise.all(clients.map((client) => client.close()));
  });
});
