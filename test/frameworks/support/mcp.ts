// The one place the framework matrix reaches @toolcat/mcp: a server for the package over the
// client, joined in memory to the SDK's client, so a change of the server's API is a fix here.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer } from "../../../packages/mcp/src/server.ts";
import { sheets, type scenario } from "./scenario.ts";

export async function mcpClient(client: ReturnType<typeof scenario>["client"]): Promise<{
  call: (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;
  close: () => Promise<void>;
}> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer({ toolkit: sheets, client }).connect(serverSide);
  const mcp = new Client({ name: "frameworks", version: "1.0.0" });
  await mcp.connect(clientSide);
  return {
    call: async (name, args) => (await mcp.callTool({ name, arguments: args })) as CallToolResult,
    close: () => mcp.close(),
  };
}
