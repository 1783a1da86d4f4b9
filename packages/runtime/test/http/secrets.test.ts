// Neither the API key nor a configured secret shows on any readable surface of an HTTP call's error.
import { describe as suite, expect, it } from "vitest";
import { createToolCaller, type ToolDefinition } from "../../src/client.js";
import { ToolcatError } from "../../src/errors.js";
import { createHttpTransport } from "../../src/http/transport.js";
import { json, useServer, type Responder } from "../support/server.js";
import { expectNoSecret } from "../support/surfaces.js";

const KEY = "tc-api-5e4d3c2b1a";
const SECRET = "sk-live-9f8e7d6c5b4a";
const server = useServer();
const tool: ToolDefinition<unknown> = {
  name: "Send",
  fullName: "Mail.Send",
  secrets: ["MAIL_KEY"],
  validate: (value) => ({ ok: true, value }),
};

const text =
  (status: number, body: string): Responder =>
  (res) => {
    res.writeHead(status, { "x-echo": `${KEY} ${SECRET}`, "set-cookie": `session=${KEY}` });
    res.end(body);
  };

/** Server answers and client-side failures, each quoting the key and the secret. */
const cases: [string, { responder?: Responder; fetch?: typeof fetch }][] = [
  [
    "an authorization URL and status with the key",
    {
      responder: json(200, {
        success: false,
        output: { authorization: { url: `https://auth.example/?key=${KEY}&s=${SECRET}`, status: `pending ${KEY}` } },
      }),
    },
  ],
  ["a 200 body that is the bare key", { responder: text(200, KEY) }],
  ["a 200 body that is the bare secret", { responder: text(200, SECRET) }],
  ["a 200 body that is JSON without success", { responder: text(200, JSON.stringify({ key: KEY, secret: SECRET })) }],
  [
    "a tool error quoting both",
    { responder: json(200, { success: false, output: { error: { message: `${KEY} ${SECRET}` } } }) },
  ],
  ["a 401 echoing the request", { responder: text(401, `Authorization: Bearer ${KEY}; secret ${SECRET}`) }],
  ["a 429 echoing the request", { responder: text(429, `Bearer ${KEY} ${SECRET}`) }],
  [
    "a fetch that throws an axios-like error",
    {
      fetch: () =>
        Promise.reject(
          Object.assign(new Error(`Request failed for ${KEY}`), {
            config: { headers: { Authorization: `Bearer ${KEY}`, secret: SECRET } },
          }),
        ),
    },
  ],
  [
    "a fetch that throws an Error caused by the key",
    { fetch: () => Promise.reject(new TypeError("fetch failed", { cause: new Error(`${KEY} ${SECRET}`) })) },
  ],
  ["a fetch that throws a plain object", { fetch: () => Promise.reject({ key: KEY, secret: SECRET }) }],
  [
    "a fetch that throws an AggregateError",
    { fetch: () => Promise.reject(new AggregateError([new Error(KEY), SECRET], `${KEY}`)) },
  ],
  ["a request hook that throws the key", { fetch: () => Promise.reject(new Error("unused")) }],
];

suite("HTTP errors never show the API key or a secret", () => {
  it.each(cases)("%s", async (name, { responder, fetch: customFetch }) => {
    if (responder !== undefined) server.responders.push(responder);
    const transport = createHttpTransport({
      baseUrl: server.baseUrl(),
      apiKey: KEY,
      retries: 1,
      retryBackoffMs: 1,
      ...(customFetch === undefined ? {} : { fetch: customFetch }),
      ...(name.includes("hook")
        ? {
            onRequest: () => {
              throw new Error(`hook saw ${KEY} ${SECRET}`);
            },
          }
        : {}),
    });
    const caller = createToolCaller({ transport, secrets: { MAIL_KEY: SECRET }, env: false });
    const error = await caller.call(tool, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolcatError);
    expectNoSecret(error, [KEY, SECRET], (leaks) => expect(leaks).toEqual([]));
  });
});
