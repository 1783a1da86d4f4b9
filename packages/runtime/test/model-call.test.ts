import { describe as suite, expect, it } from "vitest";
import type { ToolDefinition } from "../src/client.js";
import { AuthorizationRequiredError, ToolExecutionError } from "../src/errors.js";
import { issueRequired, issueType, isObject } from "../src/internal/issues.js";
import { createMemoryTransport, type ToolHandler } from "../src/memory-transport.js";
import { callByName, createToolCaller, resolveToolName, type CallOptions, type ModelToolIndex } from "../src/client.js";
import { callTool, modelCaller } from "../src/model-call.js";
import type { ValidationIssue, ValidationResult } from "../src/validation.js";
import { revokedProxy } from "./support/hostile.js";

function validateGet(input: unknown): ValidationResult<{ id: string; limit?: number }> {
  if (!isObject(input)) return { ok: false, issues: [issueType("", "input", "an object", input)] };
  const issues: ValidationIssue[] = [];
  if (input.id === undefined) issues.push(issueRequired("/id", "id"));
  else if (typeof input.id !== "string") issues.push(issueType("/id", "id", "a string", input.id));
  if (input.limit !== undefined && typeof input.limit !== "number")
    issues.push(issueType("/limit", "limit", "a number", input.limit));
  return issues.length === 0 ? { ok: true, value: input as { id: string; limit?: number } } : { ok: false, issues };
}

const getSheet: ToolDefinition<unknown> = {
  name: "GetSheet",
  fullName: "Sheets.GetSheet",
  secrets: [],
  validate: validateGet,
};
const sendMail: ToolDefinition<unknown> = {
  name: "SendMail",
  fullName: "Sheets.SendMail",
  secrets: ["MAIL_KEY"],
  validate: validateGet,
};
// GetSheet's optional `limit` is what an OpenAI strict form makes nullable.
const index: ModelToolIndex = {
  server: "Sheets",
  tools: { GetSheet: getSheet, SendMail: sendMail },
  strictNulls: { GetSheet: ["/limit"] },
};

function run(handler: ToolHandler, secrets: Record<string, string> = {}) {
  const transport = createMemoryTransport({ "Sheets.GetSheet": handler, "Sheets.SendMail": handler });
  return modelCaller({ transport, env: false, secrets });
}

const echo: ToolHandler = (input) => ({ got: input });

suite("resolveToolName", () => {
  it.each([
    ["Sheets.GetSheet", "GetSheet"],
    ["Sheets_GetSheet", "GetSheet"],
    ["GetSheet", "GetSheet"],
    ["Sheets.Nope", undefined],
    ["Other_GetSheet", undefined],
    ["sheets.getsheet", undefined],
    ["__proto__", undefined],
    [42, undefined],
  ])("%j -> %j", (name, expected) => {
    expect(resolveToolName(index, name)).toBe(expected);
  });
});

suite("callTool", () => {
  it.each(["Sheets.GetSheet", "Sheets_GetSheet", "GetSheet"])(
    "calls %s and returns the answer as text and structuredContent",
    async (name) => {
      const result = await callTool(run(echo), index, name, { id: "a" });
      expect(result).toEqual({
        isError: false,
        content: [{ type: "text", text: '{"got":{"id":"a"}}' }],
        structuredContent: { got: { id: "a" } },
      });
    },
  );

  it("takes JSON text arguments and drops the nulls OpenAI strict mode sends for omitted fields", async () => {
    const result = await callTool(run(echo), index, "Sheets_GetSheet", '{"id":"a","limit":null}');
    expect(result.structuredContent).toEqual({ got: { id: "a" } });
  });

  it.each([
    ["a required field", { id: null }, "/id"],
    ["a required field in JSON text", '{"id":null,"limit":null}', "/id"],
  ])("reports %s sent as null, with its pointer", async (_label, args, path) => {
    const result = await callTool(run(echo), index, "GetSheet", args);
    expect(result).toMatchObject({ isError: true, code: "validation_failed" });
    expect(result.issues?.map((issue) => issue.path)).toContain(path);
    expect(result.content[0].text).toContain(`${path}: `);
  });

  it.each([
    ["not JSON text", "{id:", ""],
    ["a wrong type", { id: 5 }, "/id"],
    ["a revoked proxy", revokedProxy(), ""],
  ])("turns %s into issues with JSON pointers", async (_label, args, path) => {
    const result = await callTool(run(echo), index, "GetSheet", args);
    expect(result.isError).toBe(true);
    expect(result.issues?.[0]?.path).toBe(path);
  });

  it.each(["Sheets.Unknown", 7, null])("answers an unknown tool %j with an issue, not an exception", async (name) => {
    const result = await callTool(run(echo), index, name, {});
    expect(result).toMatchObject({ isError: true, issues: [{ code: "unknown_tool" }] });
  });

  it("names a missing secret and never rejects", async () => {
    const result = await callTool(run(echo), index, "SendMail", { id: "a" });
    expect(result).toMatchObject({ isError: true, code: "missing_secret" });
    expect(result.content[0].text).toContain("MAIL_KEY");
  });

  it("keeps a secret value out of the text when the tool's error carries it", async () => {
    const leaky: ToolHandler = () => {
      throw new Error("upstream said: bad key s3cr3t-value-123");
    };
    const result = await callTool(run(leaky, { MAIL_KEY: "s3cr3t-value-123" }), index, "SendMail", { id: "a" });
    expect(result).toMatchObject({ isError: true, code: "unexpected" });
    expect(JSON.stringify(result)).not.toContain("s3cr3t-value-123");
  });

  it("hands the authorization URL to the model", async () => {
    const handler: ToolHandler = () => {
      throw new AuthorizationRequiredError("Sheets.GetSheet", "https://auth.example.com/start?x=1", "pending");
    };
    const result = await callTool(run(handler), index, "GetSheet", { id: "a" });
    expect(result).toMatchObject({ isError: true, code: "authorization_required" });
    expect(result.content[0].text).toContain("https://auth.example.com/start?x=1");
  });

  it.each([
    [true, "Calling again may succeed."],
    [false, "will not help"],
  ])("reports a tool failure (can retry: %s)", async (canRetry, hint) => {
    const handler: ToolHandler = () => {
      throw new ToolExecutionError("Sheets.GetSheet", "sheet is locked", canRetry);
    };
    const result = await callTool(run(handler), index, "GetSheet", { id: "a" });
    expect(result).toMatchObject({ isError: true, code: "tool_failed" });
    expect(result.content[0].text).toContain("sheet is locked");
    expect(result.content[0].text).toContain(hint);
  });

  it.each([
    ["a string", "plain answer", "plain answer", false],
    ["an array", [1, 2], "[1,2]", false],
    ["undefined", undefined, "null", false],
  ])("sends %s back as text without structuredContent", async (_label, value, expected, isError) => {
    const result = await callTool(
      run(() => value),
      index,
      "GetSheet",
      { id: "a" },
    );
    expect(result).toEqual({ isError, content: [{ type: "text", text: expected }] });
  });

  // A client is given to callTool already created: its results are cleaned by the `redact` it was
  // created with, and the call options reach it exactly as given, with nothing added to learn it.
  it("cleans a client's answer with the client's own redact, passing call options through untouched", async () => {
    const secret = "from-the-environment-123";
    const transport = createMemoryTransport({
      "Sheets.GetSheet": () => ({ echoed: secret }),
      "Sheets.SendMail": () => secret,
    });
    const caller = createToolCaller({ transport, env: { MAIL_KEY: secret } });
    const seen: (CallOptions | undefined)[] = [];
    const client = {
      call: (name: string, input: never, options?: CallOptions) => {
        seen.push(options);
        return callByName(caller, "Sheets", index.tools, name, input, options);
      },
      redact: caller.redact,
    };
    const options = { timeoutMs: 5000 };
    // SendMail declares MAIL_KEY, so its call reads the environment's value; GetSheet's answer after
    // it is cleaned of it too.
    for (const name of ["SendMail", "GetSheet"]) {
      const result = await callTool(modelCaller(client), index, name, { id: "a" }, options);
      expect(JSON.stringify(result)).not.toContain(secret);
      expect(result.content[0].text).toContain("[REDACTED]");
    }
    expect(seen).toEqual([options, options]);
    for (const given of seen) expect(Reflect.ownKeys(given!)).toEqual(["timeoutMs"]);
  });

  it("reports an answer that cannot be JSON", async () => {
    const result = await callTool(
      run(() => ({ big: 1n })),
      index,
      "GetSheet",
      { id: "a" },
    );
    expect(result).toMatchObject({ isError: true, code: "unexpected" });
  });
});
