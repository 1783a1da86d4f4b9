// No secret is readable from any public object of the runtime: the transports, the tool caller
// behind every generated client, a client's options, and each error a failing call throws, with its
// cause chain. Each object is read every way (object-surfaces.ts), for each kind of secret, in each
// encoding the redactor knows. Seeded secrets (TOOLCAT_SEED replays a run).
import { describe, expect, it } from "vitest";
import { createToolCaller, type ClientOptions, type ToolDefinition } from "../src/client.js";
import { ToolcatError } from "../src/errors.js";
import { createHttpTransport, type HttpTransportOptions } from "../src/http/transport.js";
import { issueType } from "../src/internal/issues.js";
import { createMemoryTransport } from "../src/memory-transport.js";
import { createRedactor, createSecretStore } from "../src/secrets.js";
import type { Transport } from "../src/transport.js";
import { headerSafeSecrets, random, secrets, seed } from "./support/encodings.js";
import {
  errorChainSurfaces,
  leaksOn,
  objectSurfaces,
  secretForms,
  type SecretForm,
} from "./support/object-surfaces.js";
import { json, useServer } from "./support/server.js";

const server = useServer();
const [apiKey] = headerSafeSecrets(1, random(seed + 21)) as [string];
const [password, toolSecret, envSecret] = secrets(3, random(seed + 22)) as [string, string, string];
const forms: readonly SecretForm[] = [
  ...secretForms("API key", apiKey, seed + 23),
  ...secretForms("URL password", password, seed + 24),
  ...secretForms("URL user:password pair", `user:${password}`, seed + 25),
  ...secretForms("tool secret", toolSecret, seed + 26),
  ...secretForms("environment secret", envSecret, seed + 27),
];
const every = [apiKey, password, toolSecret, envSecret];

const tool: ToolDefinition<unknown> = {
  name: "Send",
  fullName: "Mail.Send",
  secrets: ["MAIL_KEY", "MAIL_ENV_KEY"],
  validate: (value) => ({ ok: true, value }),
};
const quoting: ToolDefinition<unknown> = {
  ...tool,
  validate: (input) => ({ ok: false, issues: [issueType("/id", "id", "a number", (input as { id: unknown }).id)] }),
};

/** An HTTP transport whose every attempt fails in a way that quotes all it can: the request and each secret. */
function httpTransport(overrides: Partial<HttpTransportOptions> = {}): Transport {
  return createHttpTransport({
    baseUrl: `http://user:${encodeURIComponent(password)}@${new URL(server.baseUrl()).host}/`,
    apiKey,
    retries: 0,
    fetch: (url, init) =>
      Promise.reject(
        Object.assign(new TypeError(`fetch failed for ${String(url)} with ${JSON.stringify(init?.headers)}`), {
          config: init,
          all: every,
        }),
      ),
    ...overrides,
  });
}

/** A memory transport whose handler throws everything it was given, the tool's secrets included. */
const echoingMemory = (): Transport =>
  createMemoryTransport({
    "Mail.Send": (input, context) => {
      const given = Object.values(context.secrets);
      throw Object.assign(
        new Error(`failed with ${JSON.stringify(context.secrets)} ${given.join(" ")}`, {
          cause: new Error(given.join(",")),
        }),
        { context, input },
      );
    },
  });

const options = (transport: Transport): ClientOptions => ({
  transport,
  secrets: { MAIL_KEY: toolSecret },
  env: { MAIL_ENV_KEY: envSecret },
  userId: "u1",
});

async function failure(transport: Transport, definition = tool, input: unknown = {}): Promise<unknown> {
  const caller = createToolCaller(options(transport));
  const error = await caller.call(definition, input).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(ToolcatError);
  return error;
}

const objects: readonly (readonly [string, () => Promise<Record<string, string>>])[] = [
  ["the HTTP transport", async () => objectSurfaces(httpTransport())],
  [
    "the HTTP transport after a call",
    async () => {
      const transport = httpTransport();
      await failure(transport);
      return objectSurfaces(transport);
    },
  ],
  ["the memory transport", async () => objectSurfaces(echoingMemory())],
  [
    "the tool caller (a generated client's core) over HTTP",
    async () => {
      const caller = createToolCaller(options(httpTransport()));
      await caller.call(tool, {}).catch(() => undefined);
      return objectSurfaces(caller);
    },
  ],
  [
    "a secret store that resolved its secrets",
    async () => {
      const store = createSecretStore({
        secrets: { MAIL_KEY: toolSecret },
        env: { MAIL_ENV_KEY: envSecret },
        redactions: [httpTransport().redact!],
      });
      store.resolve(["MAIL_KEY", "MAIL_ENV_KEY"]);
      return objectSurfaces(store);
    },
  ],
  ["a redactor", async () => objectSurfaces(createRedactor(every))],
  [
    "a client's options holding the HTTP transport (without a secrets map)",
    async () => objectSurfaces({ transport: httpTransport(), env: false, userId: "u1" } satisfies ClientOptions),
  ],
  [
    "the error of an HTTP call whose fetch throws the request",
    async () => errorChainSurfaces(await failure(httpTransport())),
  ],
  [
    "the error of an HTTP call whose engine echoes every secret",
    async () => {
      server.responders.push(
        json(
          401,
          { echoed: every, authorization: `Bearer ${apiKey}` },
          { "x-echo": encodeURIComponent(every.join(" ")) },
        ),
      );
      return errorChainSurfaces(await failure(httpTransport({ fetch: globalThis.fetch })));
    },
  ],
  [
    "the error of an HTTP call whose request hook throws the outgoing request",
    async () => {
      const transport = httpTransport({
        onRequest: (outgoing) => {
          throw Object.assign(new Error(`hook: ${JSON.stringify(outgoing.init.headers)} ${every.join(" ")}`), {
            outgoing,
          });
        },
      });
      return errorChainSurfaces(await failure(transport));
    },
  ],
  [
    "the error of a memory-transport call whose handler throws its secrets",
    async () => errorChainSurfaces(await failure(echoingMemory())),
  ],
  [
    "a validation error quoting a secret input",
    async () => errorChainSurfaces(await failure(httpTransport(), quoting, { id: `${toolSecret} ${apiKey}` })),
  ],
];

describe(`no public object of the runtime shows a secret (seed ${seed})`, () => {
  it.each(objects)("%s", async (_, surfaces) => {
    expect(leaksOn(await surfaces(), forms)).toEqual([]);
  });

  it("reads values: a plain object holding the key shows it on every surface but its keys and String()", () => {
    const surfaces = objectSurfaces({ apiKey });
    const leaking = new Set(leaksOn(surfaces, forms).map((leak) => leak.slice(0, leak.indexOf(" shows "))));
    expect([...leaking].sort()).toEqual(
      Object.keys(surfaces)
        .filter((name) => name !== "Object.keys" && name !== "String()")
        .sort(),
    );
  });
});
