import { describe, expect, it } from "vitest";
import { isLocalOrigin, serveHttp } from "../../src/cli/http.ts";
import { createMcpServer } from "../../src/server.ts";
import { toolkits } from "../support/toolkits.ts";

describe("isLocalOrigin", () => {
  it.each([
    [undefined, true],
    ["http://localhost:5173", true],
    ["https://127.0.0.1", true],
    ["http://[::1]:8080", true],
    ["https://evil.example.com", false],
    ["http://localhost.evil.example.com", false],
    ["http://127.0.0.1.nip.io", false],
    ["null", false],
    ["file://localhost", false],
  ])("%s -> %s", (origin, local) => {
    expect(isLocalOrigin(origin)).toBe(local);
  });
});

describe("serveHttp", () => {
  it("answers 403 to a non-local Origin and 404 off the endpoint, before any MCP handling", async () => {
    const endpoint = await serveHttp(() => createMcpServer({ toolkit: toolkits, client: { call: async () => null } }), 0, "127.0.0.1");
    try {
      const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
      const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
      const evil = await fetch(endpoint.url, { method: "POST", headers: { ...headers, origin: "https://evil.example.com" }, body: initialize });
      expect(evil.status).toBe(403);
      const elsewhere = await fetch(endpoint.url.replace(/\/mcp$/, "/other"), { method: "POST", headers, body: initialize });
      expect(elsewhere.status).toBe(404);
      const local = await fetch(endpoint.url, { method: "POST", headers: { ...headers, origin: "http://localhost:3000" }, body: initialize });
      expect(local.status).toBe(200);
      expect(local.headers.get("mcp-session-id")).toMatch(/^[0-9a-f-]{36}$/);
      await local.body?.cancel();
    } finally {
      await endpoint.close();
    }
  });
});
