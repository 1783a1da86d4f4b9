// A real 127.0.0.1 HTTP server answering from a queue, so each test scripts its responses in order.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";

export interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

export type Responder = (res: ServerResponse, req: IncomingMessage) => void;

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Responder =>
  (res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

export const ok = (value: unknown): Responder => json(200, { success: true, output: { value } });

/** Starts one server for the file; `state` is reset before each test. */
export function useServer(): {
  readonly baseUrl: () => string;
  readonly received: Received[];
  readonly responders: Responder[];
} {
  let server: Server;
  let url = "";
  const state = { baseUrl: () => url, received: [] as Received[], responders: [] as Responder[] };
  beforeAll(async () => {
    // No idle timeout: a server in the test's own event loop that closes an idle kept-alive connection
    // can reset a call undici sends on it after a stalled turn; only the client closes one.
    server = createServer({ keepAliveTimeout: 0 }, (req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        state.received.push({ method: req.method, url: req.url, headers: req.headers, body, at: Date.now() });
        (state.responders.shift() ?? json(500, { unexpected: true }))(res, req);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    state.received.length = 0;
    state.responders.length = 0;
  });
  return state;
}

/** The rejection of a promise that must reject. */
export const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
