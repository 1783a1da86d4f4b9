// toolcat-mcp --workers 2: one port served by two processes. 2026-07-28 calls are answered by both
// workers (the request log names the process); a 2025 client is served without a session, so its
// requests may reach either worker; /readyz answers; SIGTERM to the primary lets a call in flight
// finish and every process exit 0.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, spawnCli, waitForLog, type RunningCli } from "../support/cli.ts";
import { ENGINE_API_KEY, startEngine, type TestEngine } from "../support/engine.ts";

let engine: TestEngine;
let cli: RunningCli;
let url: URL;

beforeAll(async () => {
  engine = await startEngine();
  cli = spawnCli(cliEnv(engine.url, ENGINE_API_KEY), ["--http", "0", "--workers", "2", "--log-format", "json"]);
  // Each worker loads the packages from source before listening: slow on a busy machine.
  url = new URL((await waitForLog(cli, /serving .* at (http:\/\/[^\s",]+)/, 55_000))[1] ?? "");
});

afterAll(async () => {
  if (cli.child.exitCode === null) cli.child.kill("SIGKILL");
  await engine.close();
});

/** The request lines logged so far. */
const requestLines = (): { pid: number; method: string | null; status: number | string }[] =>
  cli
    .stderr()
    .split("\n")
    .filter((line) => line.includes('"request":'))
    .map((line) => JSON.parse(line) as { pid: number; method: string | null; status: number | string });

const modernClient = async (): Promise<Client> => {
  const client = new Client({ name: "cluster", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
};

const getSpreadsheet = { name: "CloudSheets_GetSpreadsheet", arguments: { spreadsheet_id: "s1" } };

describe("toolcat-mcp --workers 2", () => {
  it("logs one address for the port, and answers /readyz", async () => {
    expect(cli.stderr().match(/"serving /g)).toHaveLength(1);
    expect(cli.stderr()).toMatch(/, 2 workers"/);
    expect((await fetch(new URL("/readyz", url))).status).toBe(200);
  });

  it("spreads 2026-07-28 calls over both workers", async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => modernClient()));
    for (let round = 0; round < 4; round += 1) {
      const results = await Promise.all(clients.map((client) => client.callTool(getSpreadsheet)));
      expect(results.map((result) => result.structuredContent)).toEqual(
        clients.map(() => ({
          rows: [
            ["Name", "Score"],
            ["Ada", 36],
          ],
        })),
      );
    }
    await Promise.all(clients.map((client) => client.close()));
    const pids = new Set(
      requestLines()
        .filter((line) => line.method === "tools/call")
        .map((line) => line.pid),
    );
    expect(pids.size).toBe(2);
    expect(pids.has(cli.child.pid ?? 0)).toBe(false);
  });

  it("serves a 2025 client without a session, whichever worker answers", async () => {
    const transport = new V1Transport(url);
    const client = new V1Client({ name: "cluster-v1", version: "1" });
    await client.connect(transport);
    expect(transport.sessionId).toBeUndefined();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("CloudSheets_GetSpreadsheet");
    for (let call = 0; call < 6; call += 1)
      expect((await client.callTool(getSpreadsheet)).structuredContent).toEqual({
        rows: [
          ["Name", "Score"],
          ["Ada", 36],
        ],
      });
    await client.close();
  });

  it("drains on SIGTERM: a call in flight is answered, then every process exits 0", async () => {
    const client = await modernClient();
    const slow = client.callTool({
      name: "CloudSheets_WriteToCell",
      arguments: { spreadsheet_id: "s", column: "A", row: 1, value: "x" },
    });
    await engine.waitForHeld("CloudSheets.WriteToCell");
    cli.child.kill("SIGTERM");
    expect((await slow).structuredContent).toEqual({ written: true });
    expect(await cli.exited).toBe(0);
    expect(requestLines().filter((line) => line.status === "aborted")).toEqual([]);
    await client.close();
  });
});
