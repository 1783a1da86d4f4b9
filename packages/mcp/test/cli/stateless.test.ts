// 2026-07-28 serving holds no state between requests: two CLI processes behind one port that
// sends each request to the other process in turn, and a 2026-07-28 client that discovers, lists
// and calls through it as through one server.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, httpUrl, spawnCli, type RunningCli } from "../support/cli.ts";
import { ENGINE_API_KEY, startEngine, type TestEngine } from "../support/engine.ts";

let engine: TestEngine;
let backends: RunningCli[];
let switcher: Server;
const served: number[] = [0, 0];

beforeAll(async () => {
  engine = await startEngine();
  backends = [0, 1].map(() => spawnCli(cliEnv(engine.url, ENGINE_API_KEY), ["--http", "0"]));
  const urls = await Promise.all(backends.map((cli) => httpUrl(cli)));
  let turn = 0;
  switcher = createServer((incoming, outgoing) => {
    const backend = turn++ % 2;
    served[backend] = (served[backend] ?? 0) + 1;
    const target = urls[backend]!;
    const forwarded = httpRequest(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => switcher.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  switcher.closeAllConnections();
  await new Promise((resolve) => switcher.close(resolve));
  for (const cli of backends) cli.child.kill("SIGTERM");
  expect(await Promise.all(backends.map((cli) => cli.exited))).toEqual([0, 0]);
  await engine.close();
});

describe("two toolcat-mcp processes behind one port-switching loop", () => {
  it("serve one 2026-07-28 client as one server, each answering some of its requests", async () => {
    const { port } = switcher.address() as AddressInfo;
    const client = new Client({ name: "t", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("CloudSheets_GetSpreadsheet");
    for (let round = 0; round < 6; round += 1) {
      const result = await client.callTool({
        name: "CloudSheets_GetSpreadsheet",
        arguments: { spreadsheet_id: `s${round}` },
      });
      expect(result.structuredContent).toEqual({
        rows: [
          ["Name", "Score"],
          ["Ada", 36],
        ],
      });
      const invalid = await client.callTool({ name: "CloudSheets_GetSpreadsheet", arguments: { max_rows: 5000 } });
      expect(invalid).toMatchObject({
        isError: true,
        content: [{ text: expect.stringContaining("/spreadsheet_id:") }],
      });
    }
    await client.close();
    expect(served[0]! + served[1]!).toBeGreaterThanOrEqual(14);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(7);
  });
});
