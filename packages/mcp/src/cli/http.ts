// Streamable HTTP on one endpoint, /mcp, one SDK server per session (cancellations arrive as their
// own POSTs and must reach the server running the call). Browsers may send requests to a local
// server from any page, so the MCP spec requires an Origin check: only local origins get through.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { MAX_MESSAGE_BYTES } from "./stdio.js";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True when the request has no Origin (not from a browser) or a loopback one. */
export function isLocalOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === "http:" || url.protocol === "https:") && LOCAL_HOSTS.has(url.hostname);
}

export interface HttpEndpoint {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `newServer()` sessions at http://host:port/mcp until closed. */
export async function serveHttp(newServer: () => Server, port: number, host: string): Promise<HttpEndpoint> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isLocalOrigin(request.headers.origin)) return reply(response, 403, "origin not allowed: this MCP server accepts local origins only");
    if (new URL(request.url ?? "/", "http://localhost").pathname !== "/mcp") return reply(response, 404, "the MCP endpoint is /mcp");
    const sessionId = request.headers["mcp-session-id"];
    const existing = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (existing !== undefined) return existing.handleRequest(request, response);
    if (sessionId !== undefined) return reply(response, 404, "unknown or closed session; initialize a new one");
    if (request.method !== "POST") return reply(response, 400, "start a session with an initialize POST");

    const body = await readJson(request);
    if (!isInitializeRequest(body)) return reply(response, 400, "start a session with an initialize POST");
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await newServer().connect(transport);
    await transport.handleRequest(request, response, body);
  }

  const http: HttpServer = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(`toolcat-mcp: ${request.method ?? "?"} ${request.url ?? ""} failed:`, error);
      if (!response.headersSent) reply(response, 500, "internal error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => resolve());
  });
  const address = http.address();
  const boundPort = typeof address === "object" && address !== null ? address.port : port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${boundPort}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function reply(response: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
  response.writeHead(status, { "content-type": "application/json" }).end(body);
}

/** The request body as JSON; undefined when it is not JSON or too large (the caller then answers 400). */
async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_MESSAGE_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}
