// Real MCP clients of both protocol eras, connected to the CLI over stdio or Streamable HTTP: the
// v1 SDK client (2025-11-25, initialize and, over HTTP, a session) and the v2 SDK client, on the
// 2025-11-25 handshake or pinned to 2026-07-28 (server/discover, stateless). One small interface
// over both, since their callTool signatures differ.
import { Client, StreamableHTTPClientTransport, type CallToolResult, type Tool } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1HttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport as V1Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { expect } from "vitest";
import { cliArgs, httpUrl, spawnCli, stdioTransport, type RunningCli } from "./cli.ts";
import { workspaceRoot } from "./toolkits.ts";

export const clientKinds = ["v1 client on 2025-11-25", "v2 client on 2025-11-25", "v2 client on 2026-07-28"] as const;
export type ClientKind = (typeof clientKinds)[number];
export type Wire = "stdio" | "Streamable HTTP";

export interface McpClient {
  /** The protocol version the connection speaks. */
  readonly protocolVersion: string | undefined;
  listTools(): Promise<{ tools: Tool[] }>;
  callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * Connects a client of `kind` to the CLI: over stdio, to one it spawns with `extra` arguments; over
 * Streamable HTTP, to the running CLI given, or else to one it spawns and stops (exit code 0) on close.
 */
export async function connectCli(
  kind: ClientKind,
  wire: Wire,
  env: Record<string, string>,
  extra: readonly string[] = [],
  running?: RunningCli,
): Promise<McpClient> {
  const spawned =
    wire === "Streamable HTTP" && running === undefined ? spawnCli(env, ["--http", "0", ...extra]) : undefined;
  const cli = wire === "stdio" ? undefined : (running ?? spawned);
  const stop = async (): Promise<void> => {
    if (spawned !== undefined) await stopCli(spawned);
  };
  if (kind === "v1 client on 2025-11-25") {
    const client = new V1Client({ name: "cli-test-v1", version: "1.0.0" });
    let negotiated: string | undefined;
    const transport: V1Transport =
      cli === undefined ? stdioTransport(env, extra) : new V1HttpTransport(await httpUrl(cli));
    const setVersion = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (version) => {
      negotiated = version;
      setVersion?.(version);
    };
    await client.connect(transport);
    return {
      get protocolVersion() {
        return negotiated;
      },
      listTools: () => client.listTools() as Promise<{ tools: Tool[] }>,
      callTool: async (name, args, signal) =>
        (await client.callTool({ name, arguments: args }, undefined, signal && { signal })) as CallToolResult,
      close: async () => {
        await client.close();
        await stop();
      },
    };
  }
  const modern = kind === "v2 client on 2026-07-28";
  const client = new Client(
    { name: "cli-test-v2", version: "1.0.0" },
    modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  const transport =
    cli === undefined
      ? new StdioClientTransport({
          command: process.execPath,
          args: cliArgs(extra),
          cwd: workspaceRoot,
          env,
          stderr: "pipe",
        })
      : new StreamableHTTPClientTransport(await httpUrl(cli));
  await client.connect(transport);
  return {
    get protocolVersion() {
      return client.getNegotiatedProtocolVersion();
    },
    listTools: () => client.listTools(),
    callTool: async (name, args, signal) =>
      (await client.callTool({ name, arguments: args }, signal && { signal })) as CallToolResult,
    close: async () => {
      await client.close();
      await stop();
    },
  };
}

/** Stops a CLI serving Streamable HTTP as its operator would, and expects it to exit 0. */
export async function stopCli(cli: RunningCli): Promise<void> {
  cli.child.kill("SIGTERM");
  expect(await cli.exited).toBe(0);
}
