import { getEventListeners } from "node:events";
import { describe as suite, expect, it, vi } from "vitest";
import { callByName, clientRedaction, createToolCaller, type ToolDefinition } from "../src/client.js";
import { MissingSecretError, TimeoutError, ValidationError } from "../src/errors.js";
import { issueRequired, issueType, isObject } from "../src/internal/issues.js";
import type { Transport } from "../src/transport.js";
import type { ValidationIssue, ValidationResult } from "../src/validation.js";
import { revokedProxy } from "./support/hostile.js";

interface SendInput {
  to: string;
  mode?: "get_request_schema" | "execute";
  request_body?: string;
}

function validateSend(input: unknown): ValidationResult<SendInput> {
  if (!isObject(input)) return { ok: false, issues: [issueType("", "input", "an object", input)] };
  const issues: ValidationIssue[] = [];
  if (input.to === undefined) issues.push(issueRequired("/to", "to"));
  if (input.request_body !== undefined && typeof input.request_body !== "string") {
    issues.push(issueType("/request_body", "request_body", "a string", input.request_body));
  }
  return issues.length === 0 ? { ok: true, value: input as unknown as SendInput } : { ok: false, issues };
}

const sendTool: ToolDefinition<SendInput> = {
  name: "Send",
  fullName: "Mail.Send",
  secrets: ["MAIL_KEY"],
  validate: validateSend,
};

function fakeTransport(executesRemotely: boolean, execute: Transport["execute"] = () => Promise.resolve("sent")) {
  const spy = vi.fn(execute);
  return { transport: { executesRemotely, execute: spy } satisfies Transport, spy };
}

suite("createToolCaller", () => {
  it("executes with the full name, validated input, secrets and user", async () => {
    const { transport, spy } = fakeTransport(false);
    const caller = createToolCaller({ transport, secrets: { MAIL_KEY: "k" }, env: false, userId: "u1" });
    await expect(caller.call(sendTool, { to: "a@b.c" })).resolves.toBe("sent");
    expect(spy).toHaveBeenCalledOnce();
    expect(spy.mock.calls[0]![0]).toMatchObject({
      toolName: "Mail.Send",
      input: { to: "a@b.c" },
      secrets: { MAIL_KEY: "k" },
      userId: "u1",
    });
  });

  it("stringifies an object request_body without touching the caller's input", async () => {
    const { transport, spy } = fakeTransport(true);
    const input = { to: "a@b.c", mode: "execute" as const, request_body: { subject: "hi", tags: [1] } };
    await createToolCaller({ transport, env: false }).call(sendTool, input);
    expect(spy.mock.calls[0]![0].input).toEqual({
      to: "a@b.c",
      mode: "execute",
      request_body: '{"subject":"hi","tags":[1]}',
    });
    expect(input.request_body).toEqual({ subject: "hi", tags: [1] });
  });

  it("throws ValidationError before any I/O", async () => {
    const { transport, spy } = fakeTransport(false);
    const caller = createToolCaller({ transport, secrets: { MAIL_KEY: "k" } });
    const error = await caller.call(sendTool, {} as SendInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["/to"]);
    expect(spy).not.toHaveBeenCalled();
  });

  it("throws MissingSecretError before any I/O for a local transport", async () => {
    const { transport, spy } = fakeTransport(false);
    const error = await createToolCaller({ transport, env: false })
      .call(sendTool, { to: "a@b.c" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingSecretError);
    expect((error as MissingSecretError).missing).toEqual(["MAIL_KEY"]);
    expect(spy).not.toHaveBeenCalled();
  });

  it("reads a secret from the environment", async () => {
    const { transport, spy } = fakeTransport(false);
    await createToolCaller({ transport, env: { MAIL_KEY: "from-env" } }).call(sendTool, { to: "a@b.c" });
    expect(spy.mock.calls[0]![0].secrets).toEqual({ MAIL_KEY: "from-env" });
  });

  it("does not require secrets when the transport executes remotely", async () => {
    const { transport, spy } = fakeTransport(true);
    await expect(createToolCaller({ transport, env: false }).call(sendTool, { to: "a@b.c" })).resolves.toBe("sent");
    expect(spy).toHaveBeenCalledOnce();
  });

  it("redacts secret values from transport errors", async () => {
    const { transport } = fakeTransport(false, ({ secrets }) =>
      Promise.reject(new Error(`rejected key ${secrets.MAIL_KEY}`)),
    );
    const caller = createToolCaller({ transport, secrets: { MAIL_KEY: "s3cr3t-value" }, env: false });
    const error = (await caller.call(sendTool, { to: "a@b.c" }).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe("Mail.Send failed: Error: rejected key [REDACTED]");
  });

  const thrower = (): never => {
    throw Object.create(null) as object;
  };

  it.each([
    ["a proxy whose get trap throws", () => new Proxy({}, { get: thrower })],
    [
      "a request_body getter that throws",
      () => ({
        to: "a@b.c",
        get request_body() {
          return thrower();
        },
      }),
    ],
    ["a revoked proxy", revokedProxy],
    ["a request_body with a BigInt", () => ({ to: "a@b.c", request_body: { n: 1n } })],
    [
      "a request_body with a cycle",
      () => {
        const body: Record<string, unknown> = {};
        body.self = body;
        return { to: "a@b.c", request_body: body };
      },
    ],
    ["a request_body whose toJSON throws", () => ({ to: "a@b.c", request_body: { toJSON: thrower } })],
  ])("rejects %s with a ValidationError before any I/O", async (_, make) => {
    const { transport, spy } = fakeTransport(true);
    const error = await createToolCaller({ transport, env: false })
      .call(sendTool, make() as SendInput)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(spy).not.toHaveBeenCalled();
  });

  it("turns its own time limit into TimeoutError", async () => {
    const { transport } = fakeTransport(
      true,
      ({ signal }) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
    );
    const error = await createToolCaller({ transport, env: false })
      .call(sendTool, { to: "a@b.c" }, { timeoutMs: 20 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(20);
  });

  it("leaves no listener on the caller's signal once a call has ended", async () => {
    const controller = new AbortController();
    const { transport } = fakeTransport(true);
    const caller = createToolCaller({ transport, env: false });
    for (let call = 0; call < 3; call++)
      await caller.call(sendTool, { to: "a@b.c" }, { signal: controller.signal, timeoutMs: 5_000 });
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("passes the caller's abort reason through", async () => {
    const controller = new AbortController();
    const { transport } = fakeTransport(
      true,
      ({ signal }) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
    );
    const pending = createToolCaller({ transport, env: false }).call(
      sendTool,
      { to: "a@b.c" },
      { signal: controller.signal, timeoutMs: 5_000 },
    );
    controller.abort(new Error("user cancelled"));
    await expect(pending).rejects.toThrow("user cancelled");
  });
});

suite("callByName", () => {
  const tools = { Send: sendTool as ToolDefinition<unknown> };

  it.each([
    ["a number", 123],
    ["undefined", undefined],
    ["a symbol", Symbol("x")],
    [
      "an object whose toString throws",
      {
        toString: () => {
          throw new Error("no");
        },
      },
    ],
    ["an unknown name", "Mail.Nope"],
    ["a model name of another server", "Post_Send"],
  ])("rejects %s with a ValidationError, never synchronously", async (_, name) => {
    const { transport, spy } = fakeTransport(true);
    let pending: Promise<unknown> | undefined;
    expect(
      () => (pending = callByName(createToolCaller({ transport, env: false }), "Mail", tools, name, { to: "a@b.c" })),
    ).not.toThrow();
    const error = await pending!.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]!.code).toBe("unknown_tool");
    expect(spy).not.toHaveBeenCalled();
  });

  it.each(["Send", "Mail.Send", "Mail_Send"])("calls %s", async (name) => {
    const { transport, spy } = fakeTransport(true);
    await expect(
      callByName(createToolCaller({ transport, env: false }), "Mail", tools, name, { to: "a@b.c" }),
    ).resolves.toBe("sent");
    expect(spy.mock.calls[0]![0].toolName).toBe("Mail.Send");
  });
});

suite("clientRedaction", () => {
  const secret = "s3cr3t-value";
  const text = `the key is ${secret}`;

  it("is the redaction a client was created with, known before any call", () => {
    const { transport } = fakeTransport(true);
    const caller = createToolCaller({ transport, secrets: { MAIL_KEY: secret }, env: false });
    const client = { call: () => Promise.resolve(1), redact: caller.redact };
    expect(clientRedaction(client)(text)).toBe("the key is [REDACTED]");
  });

  it("calls a client's own redact on the client", () => {
    const client = {
      word: "key",
      redact(this: { word: string }, value: string) {
        return value.replace(this.word, "[REDACTED]");
      },
    };
    expect(clientRedaction(client)(text)).toBe(`the [REDACTED] is ${secret}`);
  });

  it.each([
    ["a client without redact", { call: () => Promise.resolve(1) }],
    ["a function without redact", () => 1],
    ["null", null],
    ["a string", "client"],
  ])("leaves the text as given for %s", (_, client) => {
    expect(clientRedaction(client)(text)).toBe(text);
  });

  // Failing closed: when the client's redaction cannot be had or does not work, nothing of the text is shown.
  it.each([
    [
      "a redact that throws the text",
      {
        redact: (value: string) => {
          throw new Error(value);
        },
      },
    ],
    ["a redact that returns no string", { redact: () => ({ toString: () => text }) }],
    ["a redact that is not a function", { redact: secret }],
    [
      "a redact getter that throws",
      {
        get redact(): never {
          throw new Error(secret);
        },
      },
    ],
    ["a revoked proxy", revokedProxy()],
  ])("withholds the whole text, never throwing, for %s", (_, client) => {
    let clean: ((value: string) => string) | undefined;
    expect(() => (clean = clientRedaction(client))).not.toThrow();
    expect(clean!(text)).toBe("[REDACTED]");
  });
});
