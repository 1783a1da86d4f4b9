// --log-format json: one line per request with the server's request id, the HTTP verb, the
// JSON-RPC method and tool, the numeric JSON-RPC id, the status and the duration; nothing a client
// wrote is copied unless it is a known method, a listed tool or a number, so a secret sent in any
// field of a request never reaches the log.
import { describe, expect, it } from "vitest";
import { random, secrets, seed } from "../../../runtime/test/support/encodings.ts";
import { createLogger } from "../../src/cli/log.ts";
import { bodyFacts, requestLog } from "../../src/cli/request-log.ts";
import { mcpHeaders, raw, startHttp } from "../support/http.ts";

const tools = new Set(["CloudSheets_GetSpreadsheet"]);
const SECRET = "sk-live-4f9d1c7a2b8e6f30";

describe("bodyFacts", () => {
  it.each([
    [
      {
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "CloudSheets_GetSpreadsheet", arguments: { key: SECRET } },
      },
      { method: "tools/call", tool: "CloudSheets_GetSpreadsheet", rpcId: 7 },
    ],
    [
      { jsonrpc: "2.0", id: SECRET, method: "tools/call", params: { name: SECRET } },
      { method: "tools/call", tool: "other", rpcId: null },
    ],
    [
      { jsonrpc: "2.0", id: 1, method: SECRET },
      { method: "other", tool: null, rpcId: 1 },
    ],
    [
      { jsonrpc: "2.0", id: 1.5, method: "tools/list" },
      { method: "tools/list", tool: null, rpcId: null },
    ],
    [
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { reason: SECRET } },
      { method: "notifications/cancelled", tool: null, rpcId: null },
    ],
    [
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: null },
      { method: "tools/call", tool: null, rpcId: 2 },
    ],
    [
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: { toString: SECRET } } },
      { method: "tools/call", tool: "other", rpcId: 2 },
    ],
    [[{ method: "tools/list" }], { method: "batch", tool: null, rpcId: null }],
    [SECRET, { method: null, tool: null, rpcId: null }],
    [null, { method: null, tool: null, rpcId: null }],
    [undefined, { method: null, tool: null, rpcId: null }],
  ])("%j -> %j", (body, facts) => {
    expect(bodyFacts(body, tools)).toEqual(facts);
  });

  it(`never gives back a seeded secret, wherever in the body it is (seed ${seed})`, () => {
    const next = random(seed);
    for (const secret of secrets(200, next)) {
      const bodies = [
        { jsonrpc: "2.0", id: secret, method: secret, params: { name: secret } },
        { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: secret, arguments: { [secret]: secret } } },
        { jsonrpc: "2.0", id: 1, method: `tools/${secret}`, params: { name: "CloudSheets_GetSpreadsheet" } },
        [{ jsonrpc: "2.0", id: 1, method: secret }],
        { jsonrpc: "2.0", id: { secret }, method: ["tools/call", secret] },
      ];
      for (const body of bodies) expect(JSON.stringify(bodyFacts(body, tools))).not.toContain(secret.slice(1));
    }
  });
});

describe("the request log", () => {
  it("writes one line per request, with none of a secret sent in every field", async () => {
    const lines: string[] = [];
    const log = requestLog(
      createLogger("json", (line) => void lines.push(line)),
      tools,
    );
    const endpoint = await startHttp({ requestLog: log, token: SECRET });
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: SECRET, version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const call = (name: string, id: unknown, authorization: string): Promise<{ status: number; body: string }> =>
      raw(
        `${endpoint.url}?api_key=${SECRET}`,
        "POST",
        {
          ...mcpHeaders,
          authorization,
          "mcp-protocol-version": "2026-07-28",
          "x-api-key": SECRET,
          cookie: `session=${SECRET}`,
          "mcp-method": "tools/call",
          "mcp-name": name,
        },
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: { name, arguments: { spreadsheet_id: SECRET }, _meta: meta },
        }),
      );

    expect(await call("CloudSheets_GetSpreadsheet", 41, `Bearer ${SECRET}`)).toMatchObject({ status: 200 });
    expect((await call(SECRET, SECRET, `Bearer ${SECRET}`)).status).toBe(200);
    expect((await call("CloudSheets_GetSpreadsheet", 43, `Bearer ${SECRET}x`)).status).toBe(401);
    await raw(new URL("/readyz", endpoint.url).href, "GET", {});
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(lines.join("")).not.toContain(SECRET);
    expect(lines.join("")).not.toContain(SECRET.slice(3, 15));
    // Records ending in one event-loop turn come in one write.
    const records = lines
      .join("")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // Probes are not logged: an orchestrator polls them every few seconds.
    expect(records).toHaveLength(3);
    expect(records.map(({ method, tool, id, status, http }) => ({ method, tool, id, status, http }))).toEqual([
      { http: "POST", method: "tools/call", tool: "CloudSheets_GetSpreadsheet", id: 41, status: 200 },
      { http: "POST", method: "tools/call", tool: "other", id: null, status: 200 },
      // Refused before the body was read: nothing of it is known.
      { http: "POST", method: null, tool: null, id: null, status: 401 },
    ]);
    for (const record of records) {
      expect(record.request).toMatch(/^[0-9a-f-]{36}$/);
      expect(record.pid).toBe(process.pid);
      expect(typeof record.ms).toBe("number");
      expect(Object.keys(record).sort()).toEqual([
        "http",
        "id",
        "method",
        "ms",
        "pid",
        "request",
        "status",
        "time",
        "tool",
      ]);
    }
  });
});
