// One log line per HTTP request (with --log-format json): a request id of the server's own, the HTTP
// verb, the JSON-RPC method and tool, the status and the duration. Everything a client wrote is
// suspect (a pasted key can sit in any field), so nothing is copied from a request unless it is one
// of a known set: a method the protocol defines, a tool this server lists, a numeric JSON-RPC id.
// Anything else is logged as "other", never as given.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "./log.js";

/** The methods of both protocol eras; any other method is logged as "other". */
const methods = new Set([
  "initialize",
  "ping",
  "server/discover",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "resources/templates/list",
  "resources/subscribe",
  "resources/unsubscribe",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "logging/setLevel",
  "subscriptions/listen",
  "notifications/initialized",
  "notifications/cancelled",
  "notifications/progress",
  "notifications/roots/list_changed",
]);

const HTTP_VERBS = new Set(["GET", "POST", "DELETE", "HEAD", "OPTIONS", "PUT", "PATCH"]);

/** What a request's body says, in the words allowed into the log. */
export interface BodyFacts {
  readonly method: string | null;
  readonly tool: string | null;
  readonly rpcId: number | null;
}

const OTHER = "other";

/** The loggable facts of a parsed JSON-RPC body; `tools` are the names this server lists. */
export function bodyFacts(body: unknown, tools: ReadonlySet<string>): BodyFacts {
  if (Array.isArray(body)) return { method: "batch", tool: null, rpcId: null };
  if (typeof body !== "object" || body === null) return { method: null, tool: null, rpcId: null };
  const message = body as { method?: unknown; id?: unknown; params?: { name?: unknown } | null };
  const method =
    typeof message.method === "string" && methods.has(message.method)
      ? message.method
      : message.method === undefined
        ? null
        : OTHER;
  const name = method === "tools/call" ? message.params?.name : undefined;
  const tool = name === undefined ? null : typeof name === "string" && tools.has(name) ? name : OTHER;
  const rpcId = typeof message.id === "number" && Number.isSafeInteger(message.id) ? message.id : null;
  return { method, tool, rpcId };
}

interface Pending {
  facts: BodyFacts | undefined;
}

export interface RequestLog {
  /** Starts a request's line, written when its response ends or its connection closes; `run` serves it. */
  around(request: IncomingMessage, response: ServerResponse, run: () => void): void;
  /** Records the parsed body of the request being served (called from inside `around`'s `run`). */
  note(body: unknown): void;
}

export function requestLog(logger: Logger, tools: ReadonlySet<string>): RequestLog {
  const current = new AsyncLocalStorage<Pending>();
  return {
    around(request, response, run) {
      const start = performance.now();
      const id = randomUUID();
      const pending: Pending = { facts: undefined };
      // The id lets a client's report and a balancer's log be matched to this line.
      response.setHeader("x-request-id", id);
      response.once("close", () => {
        const facts = pending.facts ?? { method: null, tool: null, rpcId: null };
        logger.record({
          request: id,
          // Which process answered, with --workers or several processes behind a balancer.
          pid: process.pid,
          http: HTTP_VERBS.has(request.method ?? "") ? (request.method ?? OTHER) : OTHER,
          method: facts.method,
          tool: facts.tool,
          id: facts.rpcId,
          // A response cut off before its end (the client left, the process drained) has no status of its own.
          status: response.writableFinished ? response.statusCode : "aborted",
          ms: Math.round((performance.now() - start) * 10) / 10,
        });
      });
      current.run(pending, run);
    },
    note(body) {
      const pending = current.getStore();
      if (pending !== undefined) pending.facts = bodyFacts(body, tools);
    },
  };
}
