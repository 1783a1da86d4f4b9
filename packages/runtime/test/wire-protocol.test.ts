// The transport's requests and responses checked against the published wire-protocol schema.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe as suite, expect, it } from "vitest";
import { createHttpTransport } from "../src/http/transport.js";
import { json, useServer } from "./support/server.js";

const schema = JSON.parse(readFileSync(new URL("../wire-protocol.schema.json", import.meta.url), "utf8")) as Record<
  string,
  unknown
>;
const ajv = new Ajv2020({ strict: true });
ajv.addSchema(schema, "wire");
const validRequest = ajv.getSchema("wire#/$defs/request")!;
const validResponse = ajv.getSchema("wire#/$defs/response")!;

const server = useServer();
const signal = new AbortController().signal;

suite("wire-protocol.schema.json", () => {
  it("is exported and shipped by package.json", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      exports: object;
      files: string[];
    };
    expect(manifest.exports).toHaveProperty(["./wire-protocol.schema.json"], "./wire-protocol.schema.json");
    expect(manifest.files).toContain("wire-protocol.schema.json");
  });

  it.each([
    ["with a user", { userId: "u1" }, { text: "hi", request_body: '{"a":1}' }],
    ["without a user", {}, {}],
  ])("describes what the transport sends %s", async (_, options, input) => {
    server.responders.push(json(200, { success: true, output: { value: null } }));
    await createHttpTransport({ baseUrl: server.baseUrl(), apiKey: "k", ...options }).execute({
      toolName: "CloudSheets.WriteToCell",
      input,
      secrets: {},
      signal,
    });
    const sent = server.received[0]!;
    expect([sent.method, sent.url, sent.headers["content-type"]]).toEqual([
      "POST",
      "/v1/tools/execute",
      "application/json",
    ]);
    expect(validRequest(JSON.parse(sent.body)), JSON.stringify(validRequest.errors)).toBe(true);
  });

  it.each([
    ["a value", { success: true, output: { value: { rows: [1] } } }, { resolves: { rows: [1] } }],
    [
      "a tool error",
      { success: false, output: { error: { message: "no such sheet", can_retry: false } } },
      { rejects: "ToolExecutionError" },
    ],
    [
      "an authorization request",
      { success: false, output: { authorization: { url: "https://auth.example/a", status: "pending" } } },
      { rejects: "AuthorizationRequiredError" },
    ],
    [
      "a completed authorization",
      { success: true, output: { value: 1, authorization: { url: "https://auth.example/a", status: "completed" } } },
      { resolves: 1 },
    ],
  ])("reads %s as the schema describes it", async (_, body, outcome) => {
    expect(validResponse(body), JSON.stringify(validResponse.errors)).toBe(true);
    server.responders.push(json(200, body));
    const result = createHttpTransport({ baseUrl: server.baseUrl(), apiKey: "k" }).execute({
      toolName: "A.B",
      input: {},
      secrets: {},
      signal,
    });
    if ("resolves" in outcome) await expect(result).resolves.toEqual(outcome.resolves);
    else await expect(result).rejects.toHaveProperty("name", outcome.rejects);
  });

  it.each([
    ["no success", { output: {} }],
    ["a string success", { success: "yes" }],
    ["an authorization without url", { success: false, output: { authorization: { status: "pending" } } }],
  ])("the schema rejects a response with %s", async (_, body) => {
    expect(validResponse(body)).toBe(false);
  });
});
