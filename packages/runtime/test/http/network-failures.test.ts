// A connection that breaks at any point, before the request left or after the answer began, is a
// TransportError (TimeoutError past the deadline), never an UnexpectedError; retryable only while
// nothing was sent; its cause kept, and neither the API key nor a secret on any surface.
import { inspect } from "node:util";
import { describe as suite, expect, it } from "vitest";
import { createToolCaller, type ModelToolIndex, type ToolDefinition } from "../../src/client.js";
import { TimeoutError, TransportError, UnexpectedError } from "../../src/errors.js";
import { createHttpTransport, type HttpTransportOptions } from "../../src/http/transport.js";
import { callTool, modelCaller } from "../../src/model-call.js";
import { failingEngine, failurePoints, SHORT_DEADLINE_MS, type FailurePoint } from "../support/network.js";
import { failure } from "../support/server.js";
import { expectNoSecret } from "../support/surfaces.js";

const KEY = "tc-api-7a6b5c4d3e";
const SECRET = "sk-live-2f3e4d5c6b";
const tool: ToolDefinition<unknown> = {
  name: "Send",
  fullName: "Mail.Send",
  secrets: ["MAIL_KEY"],
  validate: (value) => ({ ok: true, value }),
};
const index: ModelToolIndex = { server: "Mail", tools: { Send: tool } };
// The secret travels in the request body, the key in its Authorization header.
const input = { note: SECRET };

const optionsOver = (baseUrl: string, options: Partial<HttpTransportOptions> = {}) => ({
  transport: createHttpTransport({
    baseUrl,
    apiKey: KEY,
    timeoutMs: SHORT_DEADLINE_MS,
    retries: 1,
    retryBackoffMs: 1,
    ...options,
  }),
  secrets: { MAIL_KEY: SECRET },
  env: false as const,
});
const callerOver = (baseUrl: string, options: Partial<HttpTransportOptions> = {}) =>
  createToolCaller(optionsOver(baseUrl, options));

/** The misbehaving engine's address, as client options, and the requests it read. */
async function engineFor(point: FailurePoint) {
  const { baseUrl, requests, timeoutMs } = await failingEngine(point);
  return { options: optionsOver(baseUrl, { timeoutMs }), requests };
}

function expectClassified(error: unknown, point: FailurePoint): void {
  if (point.code === "timeout") {
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ toolName: "Mail.Send", timeoutMs: SHORT_DEADLINE_MS });
    return;
  }
  expect(error).toBeInstanceOf(TransportError);
  expect(error).toMatchObject({ code: "transport_failed", retryable: point.retryable });
  expect((error as Error).message).toMatch(point.detail);
  // The platform's error stays as the cause, scrubbed into redacted text.
  expect((error as Error).cause).toBeInstanceOf(UnexpectedError);
  expect((error as Error).cause).toMatchObject({
    originalName: "TypeError",
    message: expect.stringMatching(/fetch failed|terminated/),
  });
}

suite("network failures through the client", () => {
  it.each(failurePoints.map((point) => [point.name, point] as const))("%s", async (_, point) => {
    const { options, requests } = await engineFor(point);
    const caller = createToolCaller(options);
    const error = await failure(caller.call(tool, input));
    expectClassified(error, point);
    expectNoSecret(error, [KEY, SECRET], (leaks) => expect(leaks).toEqual([]));
    if (point.misbehave === undefined) return;
    // Once the engine may have run the tool, the call is not sent again.
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain(`Bearer ${KEY}`);
    expect(requests[0]).toContain(SECRET);
  });
});

suite("network failures through callTool (handleToolCall)", () => {
  it.each(failurePoints.map((point) => [point.name, point] as const))("%s", async (_, point) => {
    const { options } = await engineFor(point);
    const result = await callTool(modelCaller(options), index, "Mail_Send", input);
    expect(result).toMatchObject({ isError: true, code: point.code });
    expect(result.content[0].text).toMatch(point.detail);
    const shown = `${JSON.stringify(result)}\n${inspect(result, { depth: Infinity })}`;
    expect(shown).not.toContain(KEY);
    expect(shown).not.toContain(SECRET);
  });
});

suite("a body stream that fails quoting the key and the secret", () => {
  it("is a TransportError whose kept cause is redacted", async () => {
    const leaky: typeof fetch = async () =>
      new Response(
        new ReadableStream({ pull: (controller) => controller.error(new Error(`socket of ${KEY} lost ${SECRET}`)) }),
      );
    const error = await failure(callerOver("http://127.0.0.1:9", { fetch: leaky }).call(tool, input));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ retryable: false, status: 200 });
    expect((error as Error).cause).toMatchObject({
      message: "Mail.Send failed: Error: socket of [REDACTED] lost [REDACTED]",
    });
    expectNoSecret(error, [KEY, SECRET], (leaks) => expect(leaks).toEqual([]));
  });
});
