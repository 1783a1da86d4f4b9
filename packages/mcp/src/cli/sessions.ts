// The 2025-era lane of Streamable HTTP. A 2025 client that initializes gets a session: one server
// for its requests, so its notifications/cancelled POST reaches the call it cancels. Sessions are
// bounded: at most `maxSessions` live (a new one beyond is refused with 503 and Retry-After, as the
// spec allows), and one unused for `idleMs` is closed, after which its id gets 404 and the client
// starts over, as the spec says. A 2025 request without a session (clients that skip initialize) is
// served statelessly by the SDK's fallback.
import { randomUUID } from "node:crypto";
import {
  isInitializeRequest,
  legacyStatelessFallback,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type Server,
} from "@modelcontextprotocol/server";

export interface SessionLimits {
  readonly maxSessions: number;
  readonly idleMs: number;
  readonly maxBodyBytes: number;
}

export interface LegacyLane {
  fetch(request: Request, authInfo: AuthInfo | undefined): Promise<Response>;
  /** Live sessions. */
  readonly size: number;
  close(): Promise<void>;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  lastUsed: number;
}

const refusal = (status: number, message: string, headers: Record<string, string> = {}): Response =>
  Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status, headers });

export function legacyLane(factory: () => Server, limits: SessionLimits, onerror: (error: Error) => void): LegacyLane {
  const sessions = new Map<string, Session>();
  // Initializes under way hold a place, so a burst of them cannot overshoot the cap.
  let opening = 0;
  const stateless = legacyStatelessFallback(factory, onerror, { maxRequestBodySize: limits.maxBodyBytes });

  const idle = (session: Session): boolean => session.lastUsed <= Date.now() - limits.idleMs;
  const expire = (): void => {
    for (const [id, session] of sessions) {
      if (!idle(session)) continue;
      sessions.delete(id);
      void session.transport.close().catch(onerror);
    }
  };
  const sweep = setInterval(expire, Math.max(1_000, Math.min(limits.idleMs / 2, 60_000)));
  sweep.unref();

  async function open(request: Request, initialize: unknown, authInfo: AuthInfo | undefined): Promise<Response> {
    expire();
    if (sessions.size + opening >= limits.maxSessions) {
      return refusal(503, `the server holds its limit of ${limits.maxSessions} sessions; retry later`, { "retry-after": "5" });
    }
    opening += 1;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      maxRequestBodySize: limits.maxBodyBytes,
      onsessioninitialized: (id) => void sessions.set(id, { transport, lastUsed: Date.now() }),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    try {
      await factory().connect(transport);
      const response = await transport.handleRequest(request, { parsedBody: initialize, ...(authInfo && { authInfo }) });
      // A refused initialize leaves no session behind.
      if (transport.sessionId === undefined) await transport.close();
      return response;
    } finally {
      opening -= 1;
    }
  }

  return {
    async fetch(request, authInfo) {
      const id = request.headers.get("mcp-session-id");
      if (id !== null) {
        // Between sweeps, a session past its idle time is already gone for its client.
        const session = sessions.get(id);
        if (session === undefined || idle(session)) {
          expire();
          return refusal(404, "session not found: it ended or expired; send initialize to start a new one");
        }
        session.lastUsed = Date.now();
        return session.transport.handleRequest(request, authInfo === undefined ? {} : { authInfo });
      }
      const body: unknown = request.method === "POST" ? await request.clone().json().catch(() => undefined) : undefined;
      if (isInitializeRequest(body)) return open(request, body, authInfo);
      return stateless(request, authInfo === undefined ? {} : { authInfo });
    },
    get size() {
      return sessions.size;
    },
    async close() {
      clearInterval(sweep);
      const live = [...sessions.values()];
      sessions.clear();
      await Promise.all(live.map((session) => session.transport.close()));
    },
  };
}
