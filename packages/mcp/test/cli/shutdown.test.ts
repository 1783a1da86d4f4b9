// Draining on shutdown: calls in flight when it starts finish and are answered; the port stops
// accepting at once (a balancer retries the connection elsewhere); a call still running at
// --shutdown-timeout-ms is cut off and counted.
import { request } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { httpDefaults } from "../../src/cli/args.ts";
import { Readiness } from "../../src/cli/health.ts";
import { serveHttp } from "../../src/cli/http.ts";
import { createMcpServerFactory } from "../../src/server.ts";
import { toolkits } from "../support/toolkits.ts";

/** An endpoint whose every call is held until `release`; `held(n)` resolves once n calls are. */
async function heldEndpoint() {
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived = 0;
  const waiters: (() => void)[] = [];
  const client = {
    call: async () => {
      arrived += 1;
      waiters.splice(0).forEach((wake) => wake());
      await gate;
      return { rows: [] };
    },
  };
  const readiness = new Readiness();
  readiness.ready();
  const endpoint = await serveHttp(
    createMcpServerFactory({ toolkit: toolkits, client }),
    { port: 0, host: "127.0.0.1", allowedHosts: [], ...httpDefaults, readiness },
    () => undefined,
  );
  const held = async (count: number): Promise<void> => {
    while (arrived < count) await new Promise<void>((wake) => waiters.push(wake));
  };
  return { endpoint, release, held };
}

async function connectModern(url: string): Promise<Client> {
  const client = new Client({ name: "drain", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const call = (client: Client, id: number) =>
  client.callTool({ name: "CloudSheets_GetSpreadsheet", arguments: { spreadsheet_id: `s${id}` } });

/** A GET on a fresh connection: its status, or the connection error's code. */
const fresh = (url: string): Promise<number | string> =>
  new Promise((resolve) => {
    const sent = request(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    sent.end();
  });

describe("shutdown", () => {
  it("answers every call in flight, refuses new connections, and exits with none cut", async () => {
    const { endpoint, release, held } = await heldEndpoint();
    const client = await connectModern(endpoint.url);
    const calls = [1, 2, 3].map((id) => call(client, id));
    await held(3);
    const readyz = new URL("/readyz", endpoint.url).href;
    expect(await fresh(readyz)).toBe(200);

    const shutdown = endpoint.shutdown(10_000);
    expect(await fresh(readyz)).toBe("ECONNREFUSED");
    release();
    const results = await Promise.all(calls);
    expect(results.map((result) => result.isError ?? false)).toEqual([false, false, false]);
    expect(await shutdown).toBe(0);
    await client.close();
  });

  it("with a delay, fails /readyz while it still serves, then stops accepting", async () => {
    const { endpoint, release, held } = await heldEndpoint();
    const client = await connectModern(endpoint.url);
    const inFlight = call(client, 1);
    await held(1);
    const readyz = new URL("/readyz", endpoint.url).href;
    const shutdown = endpoint.shutdown(10_000, 400);
    expect(await fresh(readyz)).toBe(503);
    const during = call(client, 2);
    await held(2);
    release();
    expect([(await inFlight).isError ?? false, (await during).isError ?? false]).toEqual([false, false]);
    expect(await shutdown).toBe(0);
    expect(await fresh(readyz)).toBe("ECONNREFUSED");
    await client.close();
  });

  it("cuts off a call still running at the timeout, and counts it", async () => {
    const { endpoint, held } = await heldEndpoint();
    const client = await connectModern(endpoint.url);
    const stuck = call(client, 1).then(
      () => "answered",
      () => "failed",
    );
    await held(1);
    expect(await endpoint.shutdown(200)).toBe(1);
    expect(await stuck).toBe("failed");
    await client.close();
  });
});
