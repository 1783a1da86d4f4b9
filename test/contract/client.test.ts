// Generated clients end to end: through the in-memory transport for every tool, and through the
// HTTP transport against a real server on 127.0.0.1. Validation and secret checks happen before
// any I/O; the wire carries the full tool name and request_body as JSON text.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  MissingSecretError,
  ValidationError,
  createHttpTransport,
  createMemoryTransport,
  type ClientOptions,
  type Transport,
  type TransportRequest,
} from "@toolcat/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { random, validInput } from "../support/inputs.ts";
import { loadSelectedPackages, type GeneratedPackage } from "../support/packages.ts";

const packages = await loadSelectedPackages();

type Client = Record<string, (input: unknown, options?: unknown) => Promise<unknown>> & {
  call: (name: string, input: unknown) => Promise<unknown>;
};

function clientOf(pkg: GeneratedPackage, options: ClientOptions): Client {
  const factory = Object.entries(pkg).find(([name]) => /^create[A-Za-z]+Client$/.test(name))?.[1] as
    ((o: ClientOptions) => Client) | undefined;
  if (factory === undefined) throw new Error(`${pkg.slug} exports no client factory`);
  return factory(options);
}

/** A transport that records every request and answers with the tool's name. */
function recorder(executesRemotely = false): Transport & { readonly requests: TransportRequest[] } {
  const requests: TransportRequest[] = [];
  return {
    executesRemotely,
    requests,
    execute: async (request) => (requests.push(request), { echoed: request.toolName }),
  };
}

const methodName = (tool: string) => tool.charAt(0).toLowerCase() + tool.slice(1);
const allSecrets = (pkg: GeneratedPackage) =>
  Object.fromEntries(pkg.manifest.server.secrets.map((s) => [s.name, `value-of-${s.name}`]));

describe.each(packages.map((p) => [p.slug, p] as const))("%s client", (_slug, pkg) => {
  it("calls every tool by its method with the full name, validated input and stringified request_body", async () => {
    const transport = recorder();
    const client = clientOf(pkg, { transport, secrets: allSecrets(pkg), env: false });
    const rng = random(1);
    for (const tool of pkg.manifest.tools) {
      const input = validInput(tool.inputSchema, rng, "execute");
      const body = { fields: { a: 1 }, list: ["x"] };
      if (tool.modePattern) input["request_body"] = body;
      // Names that clash with reserved words or `call` get a Tool suffix (generators/src/ir/naming.ts).
      const method = client[methodName(tool.name)] ?? client[`${methodName(tool.name)}Tool`];
      expect(method, tool.fullName).toBeTypeOf("function");
      await expect(method?.(input)).resolves.toEqual({ echoed: tool.fullName });
      const sent = transport.requests.at(-1);
      expect(sent?.toolName).toBe(tool.fullName);
      if (tool.modePattern) expect((sent?.input as Record<string, unknown>)["request_body"]).toBe(JSON.stringify(body));
    }
    expect(transport.requests).toHaveLength(pkg.manifest.tools.length);
  });

  it("rejects an invalid input with a ValidationError before any I/O", async () => {
    const transport = recorder();
    const client = clientOf(pkg, { transport, secrets: allSecrets(pkg), env: false });
    const tool = pkg.manifest.tools.find((t) => t.parametersKnown) ?? pkg.manifest.tools[0];
    if (tool === undefined) throw new Error("no tools");
    const error = await client.call(tool.fullName, { definitely_not_a_parameter: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toContainEqual(
      expect.objectContaining({ path: "/definitely_not_a_parameter", code: "unknown_parameter" }),
    );
    expect(transport.requests).toHaveLength(0);
  });

  it("rejects an unknown tool name passed to call()", async () => {
    const client = clientOf(pkg, { transport: recorder(), env: false });
    await expect(client.call("NoSuchTool", {})).rejects.toMatchObject({
      issues: [expect.objectContaining({ code: "unknown_tool" })],
    });
  });

  const withSecrets = pkg.manifest.tools.filter((t) => t.secrets.length > 0);
  it.runIf(withSecrets.length > 0)(
    "names a missing secret before any I/O, unless the transport executes remotely",
    async () => {
      const tool = withSecrets[0];
      if (tool === undefined) throw new Error("unreachable");
      const input = validInput(tool.inputSchema, random(2), "get_request_schema");
      const local = recorder();
      const error = await clientOf(pkg, { transport: local, env: false })
        .call(tool.fullName, input)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MissingSecretError);
      expect((error as MissingSecretError).missing).toEqual(tool.secrets);
      expect(String((error as Error).message)).toContain(tool.secrets[0]);
      expect(local.requests).toHaveLength(0);
      // The same secret from an environment variable of the same name is enough.
      const env = Object.fromEntries(tool.secrets.map((s) => [s, "from-env"]));
      await expect(clientOf(pkg, { transport: local, env }).call(tool.fullName, input)).resolves.toBeDefined();
      const remote = recorder(true);
      await expect(clientOf(pkg, { transport: remote, env: false }).call(tool.fullName, input)).resolves.toBeDefined();
      expect(remote.requests).toHaveLength(1);
    },
  );

  it.runIf(withSecrets.length > 0)("never puts a secret value in an error", async () => {
    const tool = withSecrets[0];
    if (tool === undefined) throw new Error("unreachable");
    const secrets = allSecrets(pkg);
    const transport = createMemoryTransport({
      [tool.fullName]: (_input, context) => {
        throw new Error(`upstream refused key ${Object.values(context.secrets).join(",")}`);
      },
    });
    const error = (await clientOf(pkg, { transport, secrets, env: false })
      .call(tool.fullName, validInput(tool.inputSchema, random(3), "get_request_schema"))
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toContain("upstream refused key");
    for (const value of Object.values(secrets)) {
      expect(error.message).not.toContain(value);
      expect(JSON.stringify(error)).not.toContain(value);
    }
  });
});

describe("HTTP transport against a local server", () => {
  let server: Server;
  let baseUrl = "";
  const received: { url: string | undefined; authorization: string | undefined; body: unknown }[] = [];
  const readBody = async (request: IncomingMessage) => {
    let text = "";
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text) as unknown;
  };

  beforeAll(async () => {
    // No idle timeout: a server in the test's own event loop that closes an idle kept-alive connection
    // can reset a call undici sends on it after a stalled turn; only the client closes one.
    server = createServer({ keepAliveTimeout: 0 }, (request, response) => {
      void readBody(request).then((body) => {
        received.push({ url: request.url, authorization: request.headers.authorization, body });
        response.setHeader("content-type", "application/json");
        response.end(
          JSON.stringify({ success: true, output: { value: { ok: (body as { tool_name: string }).tool_name } } }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(packages.map((p) => [p.slug, p] as const))(
    "%s: POSTs the full tool name, input and user id",
    async (_slug, pkg) => {
      const tool = pkg.manifest.tools.find((t) => t.modePattern) ?? pkg.manifest.tools[0];
      if (tool === undefined) throw new Error("no tools");
      const transport = createHttpTransport({ baseUrl, apiKey: "engine-key", retries: 0 });
      const client = clientOf(pkg, { transport, userId: "user@example.com", env: false });
      const input = validInput(tool.inputSchema, random(4), "execute");
      if (tool.modePattern) input["request_body"] = { q: "x" };
      await expect(client.call(tool.fullName, input)).resolves.toEqual({ ok: tool.fullName });
      const last = received.at(-1);
      expect(last?.url).toBe("/v1/tools/execute");
      expect(last?.authorization).toBe("Bearer engine-key");
      expect(last?.body).toEqual({
        tool_name: tool.fullName,
        input: tool.modePattern ? { ...input, request_body: '{"q":"x"}' } : input,
        user_id: "user@example.com",
      });
    },
  );

  it("sends nothing when the input is invalid", async () => {
    const pkg = packages[0];
    if (pkg === undefined) throw new Error("no packages");
    const before = received.length;
    const client = clientOf(pkg, { transport: createHttpTransport({ baseUrl, apiKey: "k" }), env: false });
    await expect(client.call(pkg.manifest.tools[0]?.fullName ?? "", 42)).rejects.toBeInstanceOf(ValidationError);
    expect(received.length).toBe(before);
  });
});
