import { getEventListeners } from "node:events";
import { describe as suite, expect, it } from "vitest";
import { AuthorizationRequiredError, TimeoutError, ToolExecutionError, TransportError } from "../../src/errors.js";
import { createHttpTransport, type HttpTransportOptions } from "../../src/http/transport.js";
import { RUNTIME_VERSION } from "../../src/version.js";
import { failure, json, ok, useServer } from "../support/server.js";

const server = useServer();
const KEY = "sk-live-123";

const transport = (options: Partial<HttpTransportOptions> = {}) =>
  createHttpTransport({
    baseUrl: server.baseUrl(),
    apiKey: KEY,
    timeoutMs: 1_000,
    retries: 2,
    retryBackoffMs: 10,
    ...options,
  });

const request = {
  toolName: "Demo.Echo",
  input: { text: "hi" },
  secrets: { LOCAL: "never-sent" },
  signal: new AbortController().signal,
};

suite("createHttpTransport", () => {
  it("posts the call with its headers and resolves to the output value", async () => {
    server.responders.push(ok({ echoed: "hi" }));
    const http = transport({ userId: "u1" });
    expect(http.executesRemotely).toBe(true);
    await expect(http.execute(request)).resolves.toEqual({ echoed: "hi" });
    expect(server.received).toHaveLength(1);
    const [sent] = server.received;
    expect(sent).toMatchObject({ method: "POST", url: "/v1/tools/execute" });
    expect(sent!.headers).toMatchObject({ authorization: `Bearer ${KEY}`, "content-type": "application/json" });
    expect(sent!.headers["user-agent"]).toMatch(
      new RegExp(`^toolcat-runtime/${RUNTIME_VERSION.replace(/\./g, "\\.")} node/\\d+`),
    );
    expect(JSON.parse(sent!.body)).toEqual({ tool_name: "Demo.Echo", input: { text: "hi" }, user_id: "u1" });
  });

  it("prefers the call's user id", async () => {
    server.responders.push(ok(1));
    await transport({ userId: "default" }).execute({ ...request, userId: "caller" });
    expect(JSON.parse(server.received[0]!.body)).toMatchObject({ user_id: "caller" });
  });

  it("rejects with ToolExecutionError carrying the response details", async () => {
    const body = { success: false, output: { error: { message: `sheet not found for ${KEY}`, can_retry: true } } };
    server.responders.push(json(200, body, { "x-request-id": "req-42" }));
    const error = await failure(transport().execute(request));
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error).toMatchObject({ canRetry: true, message: "Demo.Echo failed: sheet not found for [REDACTED]" });
    expect(error).toMatchObject({
      response: { status: 200, requestId: "req-42", headers: { "x-request-id": "req-42" } },
    });
  });

  it("rejects with AuthorizationRequiredError when the user must authorize", async () => {
    server.responders.push(
      json(200, { success: false, output: { authorization: { url: "https://auth.example/x", status: "pending" } } }),
    );
    const error = await failure(transport().execute(request));
    expect(error).toBeInstanceOf(AuthorizationRequiredError);
    expect(error).toMatchObject({ url: "https://auth.example/x", status: "pending" });
  });

  it("does not retry a 400; the error has status, headers and request ID without the key", async () => {
    server.responders.push(
      json(400, { error: `bad header Bearer ${KEY}` }, { "x-request-id": "req-7", "x-echo": KEY }),
      ok("never"),
    );
    const error = await failure(transport().execute(request));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({
      status: 400,
      retryable: false,
      response: { status: 400, requestId: "req-7", headers: { "x-echo": "[REDACTED]" } },
    });
    expect((error as Error).message).not.toContain(KEY);
    expect(server.received).toHaveLength(1);
  });

  it("rejects with TimeoutError when no answer comes in time", async () => {
    server.responders.push(() => undefined);
    const error = await failure(transport({ timeoutMs: 50, retries: 0 }).execute(request));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ toolName: "Demo.Echo", timeoutMs: 50 });
  });

  it("leaves no listener on the caller's signal once a call has ended", async () => {
    const caller = new AbortController();
    server.responders.push(ok(1), ok(2));
    const http = transport();
    await http.execute({ ...request, signal: caller.signal });
    await http.execute({ ...request, signal: caller.signal });
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
  });

  it("takes retries and timeoutMs per call", async () => {
    server.responders.push(json(429, {}), json(429, {}), json(429, {}));
    await failure(transport({ retries: 2 }).execute({ ...request, retries: 0 }));
    expect(server.received).toHaveLength(1);
    server.responders.length = 0;
    server.responders.push(() => undefined);
    await expect(
      failure(transport({ timeoutMs: 5_000, retries: 0 }).execute({ ...request, timeoutMs: 30 })),
    ).resolves.toMatchObject({ timeoutMs: 30 });
  });

  it("rejects a 2xx body that is not the expected JSON", async () => {
    server.responders.push((res) => res.end("<html>"));
    await expect(transport().execute(request)).rejects.toMatchObject({ retryable: false, status: 200 });
  });

  it("runs the request and response hooks with a custom fetch", async () => {
    const seen: string[] = [];
    const counting: typeof fetch = (input, init) => {
      seen.push("fetch");
      return fetch(input, init);
    };
    server.responders.push(ok("hooked"));
    const http = transport({
      fetch: counting,
      onRequest: ({ init, attempt }) => {
        seen.push(`request ${attempt}`);
        init.headers["x-trace"] = "t-1";
      },
      onResponse: (response) => {
        seen.push(`response ${response.status}`);
      },
    });
    await expect(http.execute(request)).resolves.toBe("hooked");
    expect(seen).toEqual(["request 0", "fetch", "response 200"]);
    expect(server.received[0]!.headers["x-trace"]).toBe("t-1");
  });

  it("logs each attempt and retry without secrets", async () => {
    const lines: string[] = [];
    server.responders.push(json(429, { echo: KEY }, { "x-request-id": "req-1" }), ok("fine"));
    await transport({ logger: { debug: (line) => lines.push(line) } }).execute(request);
    expect(lines).toHaveLength(5);
    expect(lines.join("\n")).toContain("answered 429");
    expect(lines.join("\n")).toContain("request req-1");
    expect(lines.join("\n")).not.toContain(KEY);
  });
});
