// A raw TCP server on 127.0.0.1 that reads each whole HTTP request and then misbehaves at the byte
// level (resets, truncated bodies, early closes), which node:http would not let a test do; and the
// table of failure points the runtime and MCP tests both run through it.
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { onTestFinished } from "vitest";

/** What the server does once a request has fully arrived; `request` is its raw text. */
export type Misbehaviour = (socket: Socket, request: string) => void;

export interface MisbehavingServer {
  readonly baseUrl: string;
  /** Each request as received, head and body. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** The raw response head; `body` is what follows it. */
export const head = (fields: Record<string, string | number>, body = ""): string =>
  `HTTP/1.1 200 OK\r\n${Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n${body}`;

export async function startMisbehavingServer(misbehave: Misbehaviour): Promise<MisbehavingServer> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // The client sees the reset or close; the server side's own echo of it is not the test's concern.
    socket.on("error", () => undefined);
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(received.subarray(0, end).toString())?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      const request = received.toString();
      received = Buffer.alloc(0);
      requests.push(request);
      misbehave(socket, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The start of a 2xx envelope quoting the whole request (Authorization header and body), never finished. */
const echoed = (request: string): string => `{"success":true,"output":{"value":${JSON.stringify(request)}`;
const LONG = 100_000;

export interface FailurePoint {
  readonly name: string;
  /** How the server breaks the exchange; undefined when nothing listens, so the connection is refused. */
  readonly misbehave?: Misbehaviour;
  readonly code: "transport_failed" | "timeout";
  /** A TransportError's `retryable`. */
  readonly retryable?: boolean;
  /** The platform's reason, which the message must name. */
  readonly detail: RegExp;
}

/** Every point where the network can fail a call, before the engine heard of it and after. */
export const failurePoints: readonly FailurePoint[] = [
  { name: "refused before anything was sent", code: "transport_failed", retryable: true, detail: /ECONNREFUSED/ },
  {
    name: "closed after the request, before headers",
    misbehave: (socket) => socket.destroy(),
    code: "transport_failed",
    retryable: false,
    detail: /other side closed/,
  },
  {
    name: "reset after the request, before headers",
    misbehave: (socket) => socket.resetAndDestroy(),
    code: "transport_failed",
    retryable: false,
    detail: /ECONNRESET/,
  },
  {
    name: "reset mid-body",
    // The reset waits until the head and first bytes have left, so it lands mid-body.
    misbehave: (socket, request) =>
      socket.write(head({ "content-length": LONG }, echoed(request)), () =>
        setTimeout(() => socket.resetAndDestroy(), 20),
      ),
    code: "transport_failed",
    retryable: false,
    detail: /ECONNRESET/,
  },
  {
    name: "a chunked body cut inside a chunk",
    misbehave: (socket, request) =>
      socket.end(head({ "transfer-encoding": "chunked" }, `${LONG.toString(16)}\r\n${echoed(request)}`)),
    code: "transport_failed",
    retryable: false,
    detail: /other side closed/,
  },
  {
    name: "a chunked body closed without its last chunk",
    misbehave: (socket, request) => {
      const chunk = echoed(request);
      socket.end(head({ "transfer-encoding": "chunked" }, `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`));
    },
    code: "transport_failed",
    retryable: false,
    detail: /other side closed/,
  },
  {
    name: "fewer bytes than Content-Length",
    misbehave: (socket, request) => socket.end(head({ "content-length": LONG }, echoed(request))),
    code: "transport_failed",
    retryable: false,
    detail: /other side closed/,
  },
  {
    name: "a chunk size that is not hexadecimal",
    misbehave: (socket, request) => socket.end(head({ "transfer-encoding": "chunked" }, `zz\r\n${echoed(request)}`)),
    code: "transport_failed",
    retryable: false,
    detail: /chunk size/,
  },
  {
    name: "a body slower than the deadline",
    misbehave: (socket, request) => socket.write(head({ "content-length": LONG }, echoed(request))),
    code: "timeout",
    detail: /did not answer within/,
  },
];

/** The deadline of the one point that must outlast it. */
export const SHORT_DEADLINE_MS = 300;

export interface FailingEngine {
  readonly baseUrl: string;
  /** Each request as received. */
  readonly requests: readonly string[];
  /**
   * The deadline to give the call: short where the point is the timeout, long elsewhere, so that a
   * loaded host's slow first connection cannot turn a broken one into a timeout.
   */
  readonly timeoutMs: number;
}

/** Where the point's failure happens: its server, closed when the test ends, or a closed port. */
export async function failingEngine(point: FailurePoint): Promise<FailingEngine> {
  const timeoutMs = point.code === "timeout" ? SHORT_DEADLINE_MS : 15_000;
  if (point.misbehave === undefined)
    return { baseUrl: `http://127.0.0.1:${await closedPort()}`, requests: [], timeoutMs };
  const server = await startMisbehavingServer(point.misbehave);
  onTestFinished(() => server.close());
  return { baseUrl: server.baseUrl, requests: server.requests, timeoutMs };
}
