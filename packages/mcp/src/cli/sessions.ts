// The 2025-era lane of Streamable HTTP. A 2025 client that initializes gets a session: one server
// for its requests, so its notifications/cancelled POST reaches the call it cancels. Sessions are
// bounded: at most `maxSessions` live. A new one at the cap takes the place of the least recently
// used session when that one is idle enough (eviction.ts), else is refused with 503 and Retry-After,
// as the spec allows. One unused for `idleMs` is closed. An evicted or expired session's id gets
// 404, and its client starts over, as the spec says. A 2025 request without a session (clients that
// skip initialize) is served statelessly by the SDK's fallback.
import { randomUUID } from "node:crypto";
import {
  isInitializeRequest,
  legacyStatelessFallback,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type Server,
} from "@modelcontextprotocol/server";
import { EVICTABLE_AFTER_MS, makeRoom } from "./eviction.js";
import { handlerOptions, refusal } from "./exchange.js";

export interface SessionLimits {
  readonly maxSessions: number;
  readonly idleMs: number;
  readonly maxBodyBytes: number;
  /** A session unused this long may be evicted at the cap; EVICTABLE_AFTER_MS (at most idleMs) by default. */
  readonly evictableAfterMs?: number | undefined;
}

export interface LegacyLane {
  /** `parsedBody`: the request's JSON body, already parsed (undefined when it has none or it is not JSON). */
  fetch(request: Request, authInfo: AuthInfo | undefined, parsedBody: unknown): Promise<Response>;
  /** Live sessions. */
  readonly size: number;
  close(): Promise<void>;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  lastUsed: number;
  inFlight: number;
}

export function legacyLane(factory: () => Server, limits: SessionLimits, onerror: (error: Error) => void): LegacyLane {
  const sessions = new Map<string, Session>();
  // Initializes under way hold a place, so a burst of them cannot overshoot the cap.
  let opening = 0;
  const stateless = legacyStatelessFallback(factory, onerror, { maxRequestBodySize: limits.maxBodyBytes });

  const evictableAfterMs = Math.min(limits.evictableAfterMs ?? EVICTABLE_AFTER_MS, limits.idleMs);
  const idle = (session: Session): boolean => session.lastUsed <= Date.now() - limits.idleMs;
  const end = (id: string, session: Session): void => {
    sessions.delete(id);
    void session.transport.close().catch(onerror);
  };
  const expire = (): void => {
    for (const [id, session] of sessions) if (idle(session)) end(id, session);
  };
  const sweep = setInterval(expire, Math.max(1_000, Math.min(limits.idleMs / 2, 60_000)));
  sweep.unref();

  async function open(request: Request, initialize: unknown, authInfo: AuthInfo | undefined): Promise<Response> {
    expire();
    if (sessions.size + opening >= limits.maxSessions) {
      const room = makeRoom(sessions, Date.now(), evictableAfterMs);
      if ("retryAfterSeconds" in room) {
        const message = `the server holds its limit of ${limits.maxSessions} sessions, all in recent use; retry later`;
        return refusal(503, message, { "retry-after": String(room.retryAfterSeconds) });
      }
      end(room.evict, sessions.get(room.evict)!);
    }
    opening += 1;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      maxRequestBodySize: limits.maxBodyBytes,
      onsessioninitialized: (id) => void sessions.set(id, { transport, lastUsed: Date.now(), inFlight: 0 }),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    try {
      await factory().connect(transport);
      const response = await transport.handleRequest(request, {
        parsedBody: initialize,
        ...(authInfo && { authInfo }),
      });
      // A refused initialize leaves no session behind.
      if (transport.sessionId === undefined) await transport.close();
      return response;
    } finally {
      opening -= 1;
    }
  }

  return {
    async fetch(request, authInfo, parsedBody) {
      const id = request.headers.get("mcp-session-id");
      if (id !== null) {
        // Between sweeps, a session past its idle time is already gone for its client.
        const session = sessions.get(id);
        if (session === undefined || idle(session)) {
          expire();
          return refusal(404, "session not found: it ended or expired; send initialize to start a new one");
        }
        return serveInSession(session, request, authInfo, parsedBody);
      }
      if (isInitializeRequest(parsedBody)) return open(request, parsedBody, authInfo);
      return stateless(request, handlerOptions(authInfo, parsedBody));
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

/**
 * A request of a live session, counted as use and in flight until its answer is sent, stream
 * included. The session's GET stream stays open while the client is connected at all, so opening it
 * is not use: a client that only listens is idle.
 */
async function serveInSession(
  session: Session,
  request: Request,
  authInfo: AuthInfo | undefined,
  parsedBody: unknown,
): Promise<Response> {
  const options = handlerOptions(authInfo, parsedBody);
  if (request.method === "GET") return session.transport.handleRequest(request, options);
  session.lastUsed = Date.now();
  session.inFlight += 1;
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    session.inFlight -= 1;
    session.lastUsed = Date.now();
  };
  try {
    return whenSent(await session.transport.handleRequest(request, options), finish);
  } catch (error) {
    finish();
    throw error;
  }
}

/** The response, calling `done` once its body has been read to the end or cancelled. */
function whenSent(response: Response, done: () => void): Response {
  if (response.body === null) {
    done();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          done();
          controller.close();
        } else controller.enqueue(chunk.value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
