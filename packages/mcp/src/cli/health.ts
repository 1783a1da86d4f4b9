// Probes for orchestrators and load balancers: GET /healthz answers 200 while the process serves at
// all (liveness); GET /readyz answers 200 only once the packages are loaded and, in code mode, the
// type checker and a sandbox are warm, and 503 again once a drain starts (readiness). Both are answered
// before Host, Origin and token checks, since probes come from the orchestrator by address: they
// say only ok or not, never a version, a tool name or a count.
import type { IncomingMessage, ServerResponse } from "node:http";

export type ReadyState = "starting" | "ready" | "draining";

/** The process's readiness, set by whoever starts and stops serving. */
export class Readiness {
  #state: ReadyState = "starting";

  get state(): ReadyState {
    return this.#state;
  }

  ready(): void {
    if (this.#state === "starting") this.#state = "ready";
  }

  drain(): void {
    this.#state = "draining";
  }
}

const probes = new Set(["/healthz", "/readyz"]);

/** Answers `request` when it is a probe (true), or leaves it alone (false). */
export function answerProbe(request: IncomingMessage, response: ServerResponse, readiness: Readiness): boolean {
  const path = (request.url ?? "").split("?", 1)[0] ?? "";
  if (!probes.has(path)) return false;
  const head = request.method === "HEAD";
  if (request.method !== "GET" && !head) {
    response
      .writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" })
      .end(head ? undefined : "method not allowed\n");
    return true;
  }
  const ok = path === "/healthz" || readiness.state === "ready";
  const text = ok ? "ok\n" : `${readiness.state}\n`;
  response
    .writeHead(ok ? 200 : 503, { "content-type": "text/plain", "cache-control": "no-store" })
    .end(head ? undefined : text);
  return true;
}
