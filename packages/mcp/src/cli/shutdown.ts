// Graceful shutdown for Streamable HTTP. On SIGTERM the process stops accepting connections, lets
// the calls in flight finish (up to --shutdown-timeout-ms), then closes what is left and exits 0, so
// an orchestrator's rolling update or scale-down drops no call a client is waiting for. A request
// that arrives during the drain on a connection already open is still served, with Connection:
// close, so the balancer or client moves to another process for its next one. Streams that stay
// open by design (a 2025 session's GET for server messages) are not waited for.
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** Requests whose responses have not ended yet, and the drain that waits for them. */
export class InFlight {
  #count = 0;
  #draining = false;
  #idle: (() => void) | undefined;
  #server: Server | undefined;

  get count(): number {
    return this.#count;
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** Counts `request` until its response ends or its connection closes. */
  track(request: IncomingMessage, response: ServerResponse): void {
    if (this.#draining) response.setHeader("connection", "close");
    // A GET is a stream held open for server messages, not a call anyone waits on.
    if (request.method === "GET") return;
    this.#count += 1;
    response.once("close", () => {
      this.#count -= 1;
      // A keep-alive connection whose call ended during the drain is not kept for another.
      if (this.#draining) setImmediate(() => this.#server?.closeIdleConnections());
      if (this.#count === 0) this.#idle?.();
    });
  }

  /**
   * Stops `server` accepting, waits for the requests in flight up to `timeoutMs`, and closes every
   * connection left. Resolves to the number of requests cut off at the deadline.
   */
  async drain(server: Server, timeoutMs: number): Promise<number> {
    this.#draining = true;
    this.#server = server;
    server.close();
    // Keep-alive connections with nothing in flight would otherwise hold the next request.
    server.closeIdleConnections();
    if (this.#count > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#idle = resolve;
        timer = setTimeout(resolve, timeoutMs);
      });
      clearTimeout(timer);
    }
    const cut = this.#count;
    server.closeAllConnections();
    return cut;
  }
}
