// Streamable HTTP on one endpoint, /mcp. 2026-07-28 requests are served statelessly by the SDK's
// handler, a fresh server per request, so any instance can answer any request; 2025-era requests go
// to the legacy lane (sessions.ts). In front of both, every request passes the checks the MCP spec
// asks of a server: Host names this server (DNS rebinding), Origin is local (a browser page may
// target a local server; origins.ts), and, with a token, the bearer token is right (auth.ts). Bodies are bounded
// (413) and a request must arrive within the time limit (408).
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import {
  createMcpHandler,
  isLegacyRequest,
  legacyStatelessFallback,
  validateHostHeader,
  type AuthInfo,
  type Server,
} from "@modelcontextprotocol/server";
import type { HttpConfig } from "./args.js";
import { authenticate, metadataUrl, resourceMetadata, tokenVerifier } from "./auth.js";
import { handlerOptions, parseBody, readBody, refusal, toWebRequest, writeResponse } from "./exchange.js";
import { answerProbe, Readiness } from "./health.js";
import { allowedHostnames } from "./hosts.js";
import { originAllowed } from "./origins.js";
import type { RequestLog } from "./request-log.js";
import { legacyLane, type LegacyLane } from "./sessions.js";
import { InFlight } from "./shutdown.js";

const ENDPOINT = "/mcp";

export interface HttpOptions extends Omit<
  HttpConfig,
  "authTokenFile" | "noAuth" | "workers" | "shutdownTimeoutMs" | "shutdownDelayMs"
> {
  /** The bearer token clients must send; none without authentication. */
  readonly token?: string | undefined;
  /** A 2025-era session unused this long may be evicted for a new one at --max-sessions (eviction.ts). */
  readonly sessionEvictableAfterMs?: number | undefined;
  /** What /readyz reports; ready at once when absent. */
  readonly readiness?: Readiness | undefined;
  /** With --log-format json: a line per request. */
  readonly requestLog?: RequestLog | undefined;
  /**
   * false: 2025-era clients are served statelessly, without sessions, as when several processes
   * share the port and a session's next request may reach another one. true when absent.
   */
  readonly legacySessions?: boolean | undefined;
}

export interface HttpEndpoint {
  readonly url: string;
  /** Live 2025-era sessions. */
  sessions(): number;
  /**
   * Fails /readyz and serves on for `delayMs`, then stops accepting, lets calls in flight finish up
   * to `timeoutMs`, and closes; resolves to the calls cut off.
   */
  shutdown(timeoutMs: number, delayMs?: number): Promise<number>;
  close(): Promise<void>;
}

// The rest of the body is not read, so the connection cannot carry another request.
const tooLarge = (maxBytes: number): Response =>
  refusal(413, `the request body is over ${maxBytes} bytes (--max-body-bytes)`, { connection: "close" });

/** Serves servers from `factory` at http://host:port/mcp until closed; `onerror` hears what goes wrong. */
export async function serveHttp(
  factory: () => Server,
  options: HttpOptions,
  onerror: (error: Error) => void,
): Promise<HttpEndpoint> {
  const maxRequestBodySize = options.maxBodyBytes;
  const hosts = allowedHostnames(options.host, options.allowedHosts);
  const verifier = options.token === undefined ? undefined : tokenVerifier(options.token);
  const modern = createMcpHandler(factory, { legacy: "reject", maxRequestBodySize, onerror });
  const limits = {
    maxSessions: options.maxSessions,
    idleMs: options.sessionIdleMs,
    maxBodyBytes: maxRequestBodySize,
    evictableAfterMs: options.sessionEvictableAfterMs,
  };
  const legacy =
    options.legacySessions === false
      ? statelessLane(factory, maxRequestBodySize, onerror)
      : legacyLane(factory, limits, onerror);
  const readiness = options.readiness ?? readyAtOnce();
  const inFlight = new InFlight();
  const requestLog = options.requestLog;
  /** One request, its body read once and handed on parsed, so no lane clones or parses it again. */
  async function serve(request: IncomingMessage & { auth?: AuthInfo }, response: ServerResponse): Promise<void> {
    const body =
      request.method === "GET" || request.method === "HEAD" ? "" : await readBody(request, maxRequestBodySize);
    if (body === undefined) return writeResponse(tooLarge(maxRequestBodySize), response);
    const parsedBody = parseBody(body);
    if (request.method === "POST") requestLog?.note(parsedBody);
    // The client leaving before its answer is written aborts the call (its handler sees the signal).
    const abort = new AbortController();
    response.once("close", () => {
      if (!response.writableFinished) abort.abort();
    });
    const webRequest = toWebRequest(request, body, abort.signal);
    const authInfo = request.auth;
    const answer = (await isLegacyRequest(webRequest, parsedBody, { maxRequestBodySize }))
      ? await legacy.fetch(webRequest, authInfo, parsedBody)
      : await modern.fetch(webRequest, handlerOptions(authInfo, parsedBody));
    await writeResponse(answer, response, abort.signal);
  }

  async function handle(request: IncomingMessage & { auth?: AuthInfo }, response: ServerResponse): Promise<void> {
    const host = validateHostHeader(request.headers.host, hosts);
    if (!host.ok)
      return writeResponse(
        refusal(403, `${host.message}; start the server with --allowed-hosts to accept another name`),
        response,
      );
    if (!originAllowed(request.rawHeaders)) {
      return writeResponse(refusal(403, "origin not allowed: this MCP server accepts local origins only"), response);
    }
    const endpoint = new URL(ENDPOINT, `http://${request.headers.host ?? ""}`);
    const path = new URL(request.url ?? "/", endpoint).pathname;
    if (verifier !== undefined && path === metadataUrl(endpoint).pathname)
      return writeResponse(Response.json(resourceMetadata(endpoint)), response);
    if (path !== ENDPOINT) return writeResponse(refusal(404, `the MCP endpoint is ${ENDPOINT}`), response);
    if (verifier !== undefined) {
      const auth = await authenticate(request.headers.authorization, verifier, endpoint);
      if (auth instanceof Response) return writeResponse(auth, response);
      request.auth = auth;
    }
    await serve(request, response);
  }

  const http: HttpServer = createServer(
    // The connection check runs this often; the default 30 s would let a short limit run long.
    {
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: options.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(options.requestTimeoutMs, 30_000),
    },
    (request, response) => {
      if (answerProbe(request, response, readiness)) return;
      inFlight.track(request, response);
      const run = (): void =>
        void handle(request, response).catch((error: unknown) => {
          onerror(error instanceof Error ? error : new Error(String(error)));
          if (!response.headersSent) void writeResponse(refusal(500, "internal error"), response);
        });
      if (requestLog === undefined) run();
      else requestLog.around(request, response, run);
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
    async shutdown(timeoutMs, delayMs = 0) {
      readiness.drain();
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const cut = await inFlight.drain(http, timeoutMs);
      await Promise.all([modern.close(), legacy.close()]);
      return cut;
    },
    async close() {
      await Promise.all([modern.close(), legacy.close()]);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function readyAtOnce(): Readiness {
  const readiness = new Readiness();
  readiness.ready();
  return readiness;
}

/** The 2025-era lane without sessions: every request, initialize included, answered by a fresh server. */
function statelessLane(factory: () => Server, maxRequestBodySize: number, onerror: (error: Error) => void): LegacyLane {
  const serve = legacyStatelessFallback(factory, onerror, { maxRequestBodySize });
  return {
    fetch: (request, authInfo, parsedBody) => serve(request, handlerOptions(authInfo, parsedBody)),
    size: 0,
    close: () => Promise.resolve(),
  };
}
