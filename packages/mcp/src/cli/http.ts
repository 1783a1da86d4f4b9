// Streamable HTTP on one endpoint, /mcp. 2026-07-28 requests are served statelessly by the SDK's
// handler, a fresh server per request, so any instance can answer any request; 2025-era requests go
// to the legacy lane (sessions.ts). In front of both, every request passes the checks the MCP spec
// asks of a server: Host names this server (DNS rebinding), Origin is local (a browser page may
// target a local server; origins.ts), and, with a token, the bearer token is right (auth.ts). Bodies are bounded
// (413) and a request must arrive within the time limit (408).
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import { toNodeHandler, type NodeIncomingMessageLike } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  isLegacyRequest,
  validateHostHeader,
  type AuthInfo,
  type Server,
} from "@modelcontextprotocol/server";
import type { HttpConfig } from "./args.js";
import { authenticate, metadataUrl, resourceMetadata, tokenVerifier } from "./auth.js";
import { allowedHostnames } from "./hosts.js";
import { originAllowed } from "./origins.js";
import { legacyLane } from "./sessions.js";

const ENDPOINT = "/mcp";

export interface HttpOptions extends Omit<HttpConfig, "authTokenFile" | "noAuth"> {
  /** The bearer token clients must send; none without authentication. */
  readonly token?: string | undefined;
  /** A 2025-era session unused this long may be evicted for a new one at --max-sessions (eviction.ts). */
  readonly sessionEvictableAfterMs?: number | undefined;
}

export interface HttpEndpoint {
  readonly url: string;
  /** Live 2025-era sessions. */
  sessions(): number;
  close(): Promise<void>;
}

const refusal = (status: number, message: string): Response =>
  Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status });

async function send(response: Response, to: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  to.writeHead(response.status, headers).end(await response.text());
}

/** Serves servers from `factory` at http://host:port/mcp until closed; `onerror` hears what goes wrong. */
export async function serveHttp(factory: () => Server, options: HttpOptions, onerror: (error: Error) => void): Promise<HttpEndpoint> {
  const maxRequestBodySize = options.maxBodyBytes;
  const hosts = allowedHostnames(options.host, options.allowedHosts);
  const verifier = options.token === undefined ? undefined : tokenVerifier(options.token);
  const modern = createMcpHandler(factory, { legacy: "reject", maxRequestBodySize, onerror });
  const limits = { maxSessions: options.maxSessions, idleMs: options.sessionIdleMs, maxBodyBytes: maxRequestBodySize, evictableAfterMs: options.sessionEvictableAfterMs };
  const legacy = legacyLane(factory, limits, onerror);
  const route = async (request: Request, given?: { authInfo?: AuthInfo }): Promise<Response> => {
    const authInfo = given?.authInfo;
    if (await isLegacyRequest(request, undefined, { maxRequestBodySize })) return legacy.fetch(request, authInfo);
    return modern.fetch(request, authInfo === undefined ? {} : { authInfo });
  };
  const serve = toNodeHandler({ fetch: route }, { maxRequestBodySize, onerror });

  async function handle(request: IncomingMessage & { auth?: AuthInfo }, response: ServerResponse): Promise<void> {
    const host = validateHostHeader(request.headers.host, hosts);
    if (!host.ok) return send(refusal(403, `${host.message}; start the server with --allowed-hosts to accept another name`), response);
    if (!originAllowed(request.rawHeaders)) {
      return send(refusal(403, "origin not allowed: this MCP server accepts local origins only"), response);
    }
    const endpoint = new URL(ENDPOINT, `http://${request.headers.host ?? ""}`);
    const path = new URL(request.url ?? "/", endpoint).pathname;
    if (verifier !== undefined && path === metadataUrl(endpoint).pathname) return send(Response.json(resourceMetadata(endpoint)), response);
    if (path !== ENDPOINT) return send(refusal(404, `the MCP endpoint is ${ENDPOINT}`), response);
    if (verifier !== undefined) {
      const auth = await authenticate(request.headers.authorization, verifier, endpoint);
      if (auth instanceof Response) return send(auth, response);
      request.auth = auth;
    }
    // The adapter's request type is IncomingMessage's shape without exactOptionalPropertyTypes.
    await serve(request as NodeIncomingMessageLike, response);
  }

  const http: HttpServer = createServer(
    // The connection check runs this often; the default 30 s would let a short limit run long.
    { requestTimeout: options.requestTimeoutMs, headersTimeout: options.requestTimeoutMs, connectionsCheckingInterval: Math.min(options.requestTimeoutMs, 30_000) },
    (request, response) => {
      handle(request, response).catch((error: unknown) => {
        onerror(error instanceof Error ? error : new Error(String(error)));
        if (!response.headersSent) void send(refusal(500, "internal error"), response);
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const address = http.address();
  const boundPort = typeof address === "object" && address !== null ? address.port : options.port;
  return {
    url: `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${boundPort}${ENDPOINT}`,
    sessions: () => legacy.size,
    async close() {
      await Promise.all([modern.close(), legacy.close()]);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
