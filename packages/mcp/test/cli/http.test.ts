// The checks in front of the Streamable HTTP endpoint, before any MCP handling: Host (DNS
// rebinding), Origin, the endpoint path, the body size and the time to send a request; and the
// 2026-07-28 lane holding nothing between requests.
import { connect } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { mcpHeaders, postInitialize, raw, startHttp } from "../support/http.ts";

describe("the Host header", () => {
  it.each([
    ["127.0.0.1", 200],
    ["localhost", 200],
    ["LOCALHOST", 200],
    ["mcp.example.com", 200],
    ["evil.example.com", 403],
    ["127.0.0.1.nip.io", 403],
    ["localhost.evil.example.com", 403],
    ["mcp.example.com.evil.example.com", 403],
    // No Host at all: Node's HTTP server refuses an HTTP/1.1 request without one.
    ["", 400],
  ])("%j -> %i", async (host, status) => {
    const endpoint = await startHttp({ allowedHosts: ["mcp.example.com"] });
    const port = new URL(endpoint.url).port;
    const response = await postInitialize(endpoint.url, { host: host === "" ? "" : `${host}:${port}` });
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body).toMatch(/--allowed-hosts/);
  });
});

describe("the Origin header", () => {
  it.each([
    [undefined, 200],
    ["http://localhost:5173", 200],
    ["https://127.0.0.1", 200],
    ["http://[::1]:8080", 200],
    ["https://evil.example.com", 403],
    ["http://localhost.evil.example.com", 403],
    ["http://127.0.0.1.nip.io", 403],
    ["null", 403],
  ])("%s -> %i", async (origin, status) => {
    const endpoint = await startHttp();
    expect((await postInitialize(endpoint.url, origin === undefined ? {} : { origin })).status).toBe(status);
  });
});

describe("bounds", () => {
  it("answers 404 off the endpoint", async () => {
    const endpoint = await startHttp();
    expect((await postInitialize(endpoint.url.replace(/\/mcp$/, "/other"))).status).toBe(404);
  });

  it.each([
    ["with Content-Length", { "content-length": "2001" }],
    ["chunked", { "transfer-encoding": "chunked" }],
  ])("answers 413 to a body over --max-body-bytes, %s, on both lanes", async (_, framing) => {
    const endpoint = await startHttp({ maxBodyBytes: 2000 });
    const padded = (meta: object): string => {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta, pad: "" } });
      return body.replace('"pad":""', `"pad":"${"x".repeat(2001 - body.length)}"`);
    };
    for (const body of [padded({}), padded({ "io.modelcontextprotocol/protocolVersion": "2026-07-28" })]) {
      expect(Buffer.byteLength(body)).toBe(2001);
      expect((await raw(endpoint.url, "POST", { ...mcpHeaders, ...framing }, body)).status).toBe(413);
    }
  });

  it("answers 408 to a request that does not arrive within --request-timeout-ms", async () => {
    const endpoint = await startHttp({ requestTimeoutMs: 300 });
    const { hostname, port } = new URL(endpoint.url);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ` +
            '100\r\n\r\n{"jsonrpc"',
        );
      });
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe("the 2026-07-28 lane", () => {
  it("serves a client with no session and keeps none; the client caches tools/list as told", async () => {
    const endpoint = await startHttp();
    const seen: (string | null)[] = [];
    const fetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
      const response = await globalThis.fetch(url, init);
      seen.push(response.headers.get("mcp-session-id"));
      return response;
    };
    const client = new Client({ name: "t", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { fetch }));
    const listed = JSON.stringify(await client.listTools());
    for (let round = 0; round < 3; round += 1) {
      expect(JSON.stringify(await client.listTools())).toBe(listed);
      expect((await client.callTool({ name: "CloudSheets_WhoAmI", arguments: {} })).isError).toBeFalsy();
    }
    await client.close();
    // server/discover, one tools/list (then from the client's cache, ttlMs being an hour) and three calls.
    expect(seen).toHaveLength(5);
    expect(seen.every((id) => id === null)).toBe(true);
    expect(endpoint.sessions()).toBe(0);
  });
});
