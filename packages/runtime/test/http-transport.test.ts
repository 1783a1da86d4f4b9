import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe as suite, expect, it } from "vitest";
import { AuthorizationRequiredError, TimeoutError, ToolExecutionError, TransportError } from "../src/errors.js";
import { createHttpTransport, parseRetryAfter, type HttpTransportOptions } from "../src/http-transport.js";

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: unknown;
  at: number;
}

type Responder = (res: ServerResponse) => void;

// A real server answering from a queue, so each test scripts its responses in order.
let server: Server;
let baseUrl: string;
let received: Received[];
let responders: Responder[];

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Responder => (res) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      received.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body: JSON.parse(text), at: Date.now() });
      const respond = responders.shift() ?? json(500, { unexpected: true });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  responders = [];
});

const transport = (options: Partial<HttpTransportOptions> = {}) =>
  createHttpTransport({ baseUrl, apiKey: "sk-live-123", timeoutMs: 1_000, retries: 2, retryBackoffMs: 10, ...options });

const request = { toolName: "Demo.Echo", input: { text: "hi" }, secrets: { LOCAL: "never-sent" }, signal: new AbortController().signal };

const failure = (promise: Promise<unknown>) => promise.then(
  () => expect.fail("expected a rejection"),
  (error: unknown) => error,
);

suite("createHttpTransport", () => {
  it("posts the call and resolves to the output value", async () => {
    responders.push(json(200, { success: true, output: { value: { echoed: "hi" } } }));
    const http = transport({ userId: "u1" });
    expect(http.executesRemotely).toBe(true);
    await expect(http.execute(request)).resolves.toEqual({ echoed: "hi" });
    expect(received).toEqual([
      { method: "POST", url: "/v1/tools/execute", authorization: "Bearer sk-live-123", body: { tool_name: "Demo.Echo", input: { text: "hi" }, user_id: "u1" }, at: expect.any(Number) },
    ]);
  });

  it("prefers the call's user id", async () => {
    responders.push(json(200, { success: true, output: { value: 1 } }));
    await transport({ userId: "default" }).execute({ ...request, userId: "caller" });
    expect(received[0]!.body).toMatchObject({ user_id: "caller" });
  });

  it("rejects with ToolExecutionError when the tool fails", async () => {
    responders.push(json(200, { success: false, output: { error: { message: "sheet not found for sk-live-123", can_retry: true } } }));
    const error = await failure(transport().execute(request));
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error).toMatchObject({ canRetry: true, message: "Demo.Echo failed: sheet not found for [REDACTED]" });
  });

  it("rejects with AuthorizationRequiredError when the user must authorize", async () => {
    responders.push(json(200, { success: false, output: { authorization: { url: "https://auth.example/x", status: "pending" } } }));
    const error = await failure(transport().execute(request));
    expect(error).toBeInstanceOf(AuthorizationRequiredError);
    expect(error).toMatchObject({ url: "https://auth.example/x", status: "pending" });
  });

  it("retries a 500 and then succeeds", async () => {
    responders.push(json(500, { error: "busy" }), json(200, { success: true, output: { value: "ok" } }));
    await expect(transport().execute(request)).resolves.toBe("ok");
    expect(received).toHaveLength(2);
  });

  it("gives up after the configured retries", async () => {
    responders.push(json(503, {}), json(503, {}), json(503, {}));
    const error = await failure(transport({ retries: 2 }).execute(request));
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect(received).toHaveLength(3);
  });

  it("waits for Retry-After on 429", async () => {
    responders.push(json(429, {}, { "retry-after": "1" }), json(200, { success: true, output: { value: "ok" } }));
    await expect(transport({ retryBackoffMs: 1 }).execute(request)).resolves.toBe("ok");
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("does not retry a 400, and keeps the key out of the message", async () => {
    responders.push(json(400, { error: "bad header Bearer sk-live-123" }), json(200, { success: true, output: { value: "ok" } }));
    const error = await failure(transport().execute(request));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 400, retryable: false });
    expect((error as Error).message).not.toContain("sk-live-123");
    expect(received).toHaveLength(1);
  });

  it("rejects with TimeoutError when no answer comes in time", async () => {
    responders.push(() => undefined);
    const error = await failure(transport({ timeoutMs: 50, retries: 0 }).execute(request));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ toolName: "Demo.Echo", timeoutMs: 50 });
  });

  it("retries network errors", async () => {
    let calls = 0;
    const flaky: typeof fetch = (input, init) => (++calls === 1 ? Promise.reject(new TypeError("fetch failed")) : fetch(input, init));
    responders.push(json(200, { success: true, output: { value: "ok" } }));
    await expect(transport({ fetch: flaky }).execute(request)).resolves.toBe("ok");
    expect(calls).toBe(2);
  });

  it("rejects a 2xx body that is not the expected JSON", async () => {
    responders.push((res) => res.end("<html>"));
    await expect(transport().execute(request)).rejects.toMatchObject({ retryable: false, status: 200 });
  });
});

suite("parseRetryAfter", () => {
  it.each([
    [null, undefined],
    ["3", 3_000],
    ["Thu, 01 Jan 1970 00:00:05 GMT", 5_000],
    ["Thu, 01 Jan 1970 00:00:00 GMT", 0],
    ["soon", undefined],
  ] as [string | null, number | undefined][])("%s → %s", (header, expected) => {
    expect(parseRetryAfter(header, 0)).toBe(expected);
  });
});
