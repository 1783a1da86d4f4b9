// The HTTP transport stays bounded: what it retries, how long it waits, how much it reads, where it follows redirects.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe as suite, expect, it } from "vitest";
import { TransportError } from "../../src/errors.js";
import { createHttpTransport, type HttpTransportOptions } from "../../src/http/transport.js";
import { closedPort } from "../support/network.js";
import { failure, json, ok, useServer, type Responder } from "../support/server.js";

const server = useServer();
const request = { toolName: "Demo.Echo", input: {}, secrets: {}, signal: new AbortController().signal };
const transport = (options: Partial<HttpTransportOptions> = {}) =>
  createHttpTransport({
    baseUrl: server.baseUrl(),
    apiKey: "sk-live-123",
    timeoutMs: 2_000,
    retries: 2,
    retryBackoffMs: 1,
    ...options,
  });

suite("retries only what surely did not run", () => {
  it.each([
    ["429", [json(429, {}), ok("ok")], 2],
    ["503 with Retry-After", [json(503, {}, { "retry-after": "0" }), ok("ok")], 2],
  ] as [string, Responder[], number][])("retries %s", async (_, responders, attempts) => {
    server.responders.push(...responders);
    await expect(transport().execute(request)).resolves.toBe("ok");
    expect(server.received).toHaveLength(attempts);
  });

  it.each([
    ["500", json(500, {})],
    ["502", json(502, {})],
    ["503 without Retry-After", json(503, {})],
    ["a connection reset after the request was sent", ((_res, req) => req.socket.destroy()) as Responder],
  ])("does not re-send after %s: the tool may have run", async (_, responder) => {
    server.responders.push(responder, ok("twice"));
    const error = await failure(transport().execute(request));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ retryable: false });
    expect(server.received).toHaveLength(1);
  });

  it("retries a refused connection", async () => {
    const port = await closedPort();
    let calls = 0;
    const counting: typeof fetch = (input, init) => (++calls, fetch(input, init));
    const error = await failure(transport({ baseUrl: `http://127.0.0.1:${port}`, fetch: counting }).execute(request));
    expect(error).toMatchObject({ retryable: true });
    expect(calls).toBe(3);
  });
});

suite("waits are capped", () => {
  it.each([
    ["huge delay-seconds", "999999999"],
    ["an hour", "3600"],
    ["a date in 2100", "Fri, 01 Jan 2100 00:00:00 GMT"],
  ])("caps Retry-After of %s at maxRetryDelayMs without a timer overflow", async (_, header) => {
    const warnings: string[] = [];
    const onWarning = (warning: Error): number => warnings.push(warning.name);
    process.on("warning", onWarning);
    server.responders.push(json(429, {}, { "retry-after": header }), ok("ok"));
    await expect(transport({ maxRetryDelayMs: 150 }).execute(request)).resolves.toBe("ok");
    process.off("warning", onWarning);
    const waited = server.received[1]!.at - server.received[0]!.at;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(1_500);
    expect(warnings).not.toContain("TimeoutOverflowWarning");
  });
});

suite("response size", () => {
  const big = "x".repeat(64 * 1024);

  it.each([
    [
      "a declared Content-Length",
      ((res) => res.end(JSON.stringify({ success: true, output: { value: big } }))) as Responder,
    ],
    [
      "a chunked stream",
      ((res) => {
        res.writeHead(200, { "content-type": "application/json" });
        for (let i = 0; i < 16; i++) res.write(big);
        res.end();
      }) as Responder,
    ],
  ])("rejects a body over maxResponseBytes with %s", async (_, responder) => {
    server.responders.push(responder);
    const error = await failure(transport({ maxResponseBytes: 1024 }).execute(request));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/body over 1024 bytes \(maxResponseBytes\)/);
  });

  it("reads a body within the limit", async () => {
    server.responders.push(ok(big));
    await expect(transport({ maxResponseBytes: 128 * 1024 }).execute(request)).resolves.toBe(big);
  });
});

suite("redirects", () => {
  const redirect =
    (status: number, location: string): Responder =>
    (res) => {
      res.writeHead(status, { location });
      res.end();
    };

  it("follows a same-origin 307 with the body and auth", async () => {
    server.responders.push(redirect(307, "/v2/execute"), ok("moved"));
    await expect(transport().execute(request)).resolves.toBe("moved");
    expect(server.received.map((r) => [r.method, r.url, r.headers.authorization, r.body !== ""])).toEqual([
      ["POST", "/v1/tools/execute", "Bearer sk-live-123", true],
      ["POST", "/v2/execute", "Bearer sk-live-123", true],
    ]);
  });

  it.each([301, 302, 303, 307, 308])("never sends the call to another origin on %i", async (status) => {
    const other: string[] = [];
    const elsewhere = createServer((req, res) => {
      other.push(`${req.method} ${req.headers.authorization}`);
      res.end("{}");
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/steal`;
    server.responders.push(redirect(status, target));
    const error = await failure(transport().execute(request));
    await new Promise((resolve) => elsewhere.close(resolve));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toContain("to another origin");
    expect(other).toEqual([]);
  });

  it("stops after a few same-origin redirects", async () => {
    server.responders.push(...Array.from({ length: 10 }, () => redirect(308, "/again")));
    await expect(transport().execute(request)).rejects.toThrow(/more than 5 times/);
    expect(server.received).toHaveLength(6);
  });
});
