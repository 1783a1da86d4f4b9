// A server and an SDK v2 client joined in process, closed after each test, on either protocol era:
// 2025-11-25 over the SDK's in-memory transport (initialize, one server for the connection), or
// 2026-07-28 through the SDK's HTTP entry called as a function (a fresh server per request, no
// socket). And the two ways the mode tests read a tool call: the result itself and its text.
import {
  Client,
  InMemoryTransport,
  StreamableHTTPClientTransport,
  type CallToolResult,
} from "@modelcontextprotocol/client";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { afterEach } from "vitest";
import { createMcpServerFactory, type McpServerOptions } from "../../src/server.ts";

export const eras = ["2025-11-25", "2026-07-28"] as const;
export type Era = (typeof eras)[number];

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

export async function connectInMemory(options: McpServerOptions, era: Era = "2025-11-25"): Promise<Client> {
  const factory = createMcpServerFactory(options);
  if (era === "2025-11-25") {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await factory().connect(serverSide);
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(clientSide);
    closers.push(() => client.close());
    return client;
  }
  const handler = createMcpHandler(factory, { legacy: "reject" });
  const fetch = (url: string | URL, init?: RequestInit): Promise<Response> => handler.fetch(new Request(url, init));
  const client = new Client({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: { pin: era } } });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), { fetch }));
  closers.push(async () => {
    await client.close();
    await handler.close();
  });
  return client;
}

export const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

export const text = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
