// No secret is readable from a public object on the MCP side: generated clients over either
// transport, the errors their failing calls throw (with cause chains), the SDK servers
// createMcpServer builds in every mode (fresh and after a failing call), the factory, the CLI's
// engine transport and a running HTTP endpoint with a bearer token. Each is read every way
// (object-surfaces.ts), for each kind of secret, in each encoding the redactor knows.
import * as code from "@toolcat/code";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import {
  createHttpTransport,
  createMemoryTransport,
  ToolcatError,
  type ClientOptions,
  type Transport,
} from "@toolcat/runtime";
import { afterEach, describe, expect, it } from "vitest";
import * as creatorApi from "../../creator-api/src/index.ts";
import { headerSafeSecrets, random, secrets, seed } from "../../runtime/test/support/encodings.ts";
import {
  errorChainSurfaces,
  leaksOn,
  objectSurfaces,
  secretForms,
  type SecretForm,
} from "../../runtime/test/support/object-surfaces.ts";
import { httpDefaults, parseCli } from "../src/cli/args.ts";
import { engineTransport } from "../src/cli/engine.ts";
import { serveHttp } from "../src/cli/http.ts";
import { createMcpServer, createMcpServerFactory, type ServeMode } from "../src/server.ts";
import { toolkits } from "./support/toolkits.ts";

const [apiKey, token] = headerSafeSecrets(2, random(seed + 31)) as [string, string];
const [password, toolSecret] = secrets(2, random(seed + 32)) as [string, string];
const forms: readonly SecretForm[] = [
  ...secretForms("API key", apiKey, seed + 33),
  ...secretForms("URL password", password, seed + 34),
  ...secretForms("URL user:password pair", `user:${password}`, seed + 35),
  ...secretForms("--secret value", toolSecret, seed + 36),
  ...secretForms("bearer token", token.trim(), seed + 37),
];
const every = [apiKey, password, toolSecret];
const baseUrl = `http://user:${encodeURIComponent(password)}@127.0.0.1:9/`;
const zetaInput = { zeta_account_owner_name: "o", zeta_application_link_name: "a" };

/** An HTTP transport whose fetch fails quoting the request (its Authorization header) and every secret. */
const httpTransport = (): Transport =>
  createHttpTransport({
    baseUrl,
    apiKey,
    retries: 0,
    fetch: (url, init) =>
      Promise.reject(
        Object.assign(
          new TypeError(`fetch failed: ${String(url)} ${JSON.stringify(init?.headers)} ${every.join(" ")}`),
          { config: init },
        ),
      ),
  });

/** A memory transport whose handler throws what it was given, the tool's secret included. */
const memoryTransport = (): Transport =>
  createMemoryTransport({
    "CreatorApi.FetchZetaAppSections": (input, context) => {
      throw Object.assign(
        new Error(`failed: ${Object.values(context.secrets).join(" ")}`, {
          cause: new Error(JSON.stringify(context.secrets)),
        }),
        { context, input },
      );
    },
  });

const transports: readonly (readonly [string, () => Transport])[] = [
  ["HTTP", httpTransport],
  ["memory", memoryTransport],
];
const clientOptions = (transport: Transport): ClientOptions => ({
  transport,
  secrets: { ZETA_SERVER_URL: toolSecret },
  env: false,
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A server from createMcpServer, connected to an SDK client that made one failing call. */
async function usedServer(mode: ServeMode, transport: Transport): Promise<unknown> {
  const server = createMcpServer({ toolkit: toolkits, mode, code, ...clientOptions(transport) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "t", version: "1" });
  await client.connect(clientSide);
  closers.push(() => client.close());
  const name = mode === "tools" ? "CreatorApi_FetchZetaAppSections" : mode === "search" ? "call_tool" : "execute_code";
  const args =
    mode === "tools"
      ? zetaInput
      : mode === "search"
        ? { name: "CreatorApi_FetchZetaAppSections", arguments: zetaInput }
        : { code: `return await CreatorApi.fetchZetaAppSections(${JSON.stringify(zetaInput)});` };
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  return server;
}

const objects: readonly (readonly [string, () => Promise<Record<string, string>>])[] = [
  ...transports.flatMap(([kind, transport]) => [
    [
      `a generated client over the ${kind} transport`,
      async () => objectSurfaces(creatorApi.createCreatorApiClient(clientOptions(transport()))),
    ] as const,
    [
      `the error of a generated client's failing call over the ${kind} transport`,
      async () => {
        const error = await creatorApi
          .createCreatorApiClient(clientOptions(transport()))
          .fetchZetaAppSections(zetaInput)
          .catch((thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(ToolcatError);
        return errorChainSurfaces(error);
      },
    ] as const,
    ...(["tools", "search", "code"] as const).map(
      (mode) =>
        [
          `a ${mode}-mode MCP server over the ${kind} transport, after a failing call`,
          async () => objectSurfaces(await usedServer(mode, transport())),
        ] as const,
    ),
  ]),
  [
    "a fresh MCP server",
    async () => objectSurfaces(createMcpServer({ toolkit: toolkits, ...clientOptions(httpTransport()) })),
  ],
  [
    "an MCP server factory",
    async () => objectSurfaces(createMcpServerFactory({ toolkit: toolkits, ...clientOptions(httpTransport()) })),
  ],
  [
    "the CLI's engine transport",
    async () => {
      const parsed = parseCli(
        ["--engine-url", baseUrl, "--secret", `ZETA_SERVER_URL=${toolSecret}`, "@toolcat/creator-api"],
        { TOOLCAT_API_KEY: apiKey },
      );
      if (parsed.kind !== "serve") throw new Error("expected a serve configuration");
      return objectSurfaces(engineTransport(parsed.config));
    },
  ],
  [
    "a running HTTP endpoint with a bearer token",
    async () => {
      const factory = createMcpServerFactory({ toolkit: toolkits, ...clientOptions(httpTransport()) });
      const endpoint = await serveHttp(
        factory,
        { port: 0, host: "127.0.0.1", allowedHosts: [], ...httpDefaults, token },
        () => undefined,
      );
      closers.push(() => endpoint.close());
      return objectSurfaces(endpoint);
    },
  ],
];

describe(`no public object on the MCP side shows a secret (seed ${seed})`, () => {
  it.each(objects)("%s", async (_, surfaces) => {
    expect(leaksOn(await surfaces(), forms)).toEqual([]);
  });
});
