import { describe as suite, expect, it } from "vitest";
import { createToolCaller, type ToolDefinition } from "../../src/client.js";
import { ToolcatError, TransportError, UnexpectedError } from "../../src/errors.js";
import { createMemoryTransport } from "../../src/memory-transport.js";
import { expectNoSecret } from "../support/surfaces.js";

const SECRET = "sk-live-9f8e7d6c5b4a";
const tool: ToolDefinition<unknown> = {
  name: "Send",
  fullName: "Mail.Send",
  secrets: ["MAIL_KEY"],
  validate: (value) => ({ ok: true, value }),
};

/** What a local handler may throw, each holding the secret somewhere. */
const thrown: [string, (secret: string) => unknown][] = [
  ["a string", (secret) => `bad key ${secret}`],
  ["a plain object", (secret) => ({ message: `bad key ${secret}`, key: secret })],
  ["an Error with the secret in its message", (secret) => new Error(`bad key ${secret}`)],
  ["an Error whose cause holds the secret", (secret) => new Error("failed", { cause: new Error(`key ${secret}`) })],
  ["an Error whose cause is the bare secret", (secret) => new Error("failed", { cause: secret })],
  ["an AggregateError", (secret) => new AggregateError([new Error(secret), secret], `all failed: ${secret}`)],
  [
    "an axios-like error",
    (secret) =>
      Object.assign(new Error("Request failed with status code 401"), {
        isAxiosError: true,
        config: { url: `https://api.example.com/?key=${secret}`, headers: { Authorization: `Bearer ${secret}` } },
        response: { status: 401, data: { echoed: secret } },
      }),
  ],
  [
    "a toolcat error with the secret inside",
    (secret) => new TransportError(`echo ${secret}`, { retryable: false, cause: { secret } }),
  ],
  ["a null-prototype object", (secret) => Object.assign(Object.create(null) as object, { secret })],
  [
    "an Error whose message getter throws",
    () =>
      Object.defineProperty(new Error(), "message", {
        get: () => {
          throw new Error("no");
        },
      }),
  ],
];

suite("errors from tool handlers", () => {
  it.each(thrown)("%s never shows the secret on any surface", async (_, make) => {
    const transport = createMemoryTransport({
      "Mail.Send": (_input, { secrets }) => {
        throw make(secrets.MAIL_KEY!);
      },
    });
    const caller = createToolCaller({ transport, secrets: { MAIL_KEY: SECRET }, env: false });
    const error = await caller.call(tool, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolcatError);
    expectNoSecret(error, [SECRET], (leaks) => expect(leaks).toEqual([]));
  });

  it("keeps the redacted text and the kind of what was thrown", async () => {
    const transport = createMemoryTransport({
      "Mail.Send": (_input, { secrets }) => Promise.reject(new TypeError(`rejected ${secrets.MAIL_KEY}`)),
    });
    const error = await createToolCaller({ transport, secrets: { MAIL_KEY: SECRET }, env: false })
      .call(tool, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedError);
    expect(error).toMatchObject({
      code: "unexpected",
      originalName: "TypeError",
      message: "Mail.Send failed: TypeError: rejected [REDACTED]",
    });
    expect((error as Error).cause).toBeUndefined();
  });

  it("keeps a toolcat error's class and fields, redacted", async () => {
    const transport = createMemoryTransport({
      "Mail.Send": () => Promise.reject(new TransportError(`echo ${SECRET}`, { status: 502, retryable: true })),
    });
    const error = await createToolCaller({ transport, secrets: { MAIL_KEY: SECRET }, env: false })
      .call(tool, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ message: "echo [REDACTED]", status: 502, retryable: true });
  });
});
