// `toolcat-mcp --mode code` end to end: spawned over stdio as an MCP client spawns it, with the
// SDK's Client and StdioClientTransport on the protocol it speaks, running one program that makes
// three calls on a local engine, with the limits given as flags and --read-only holding; and over
// Streamable HTTP with a 2026-07-28 client, where a tool the engine fails reaches the program as a ToolError.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { LATEST_PROTOCOL_VERSION, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, stdioTransport } from "../support/cli.ts";
import { connectCli } from "../support/clients.ts";
import { ENGINE_API_KEY, startEngine, type TestEngine } from "../support/engine.ts";

let engine: TestEngine;
let client: Client;
let negotiated: string | undefined;
beforeAll(async () => {
  engine = await startEngine();
  client = new Client({ name: "cli-code-test", version: "1.0.0" });
  // The client tells a transport the version it negotiated (HTTP needs it); stdio has no use for it, so it is caught
  // here.
  const transport: Transport = stdioTransport(cliEnv(engine.url, ENGINE_API_KEY), [
    "--mode",
    "code",
    "--read-only",
    "--code-max-calls",
    "3",
    "--code-timeout-ms",
    "20000",
  ]);
  transport.setProtocolVersion = (version) => void (negotiated = version);
  await client.connect(transport);
});
afterAll(async () => {
  await client.close();
  await engine.close();
});

const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const text = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("");

describe("toolcat-mcp --mode code over stdio", () => {
  it("speaks the SDK's protocol and lists search_tools, describe_tools and execute_code", async () => {
    expect(negotiated).toBe(LATEST_PROTOCOL_VERSION);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "describe_tools", "execute_code"]);
    expect(tools[2]?.description).toContain("3 tool calls, 20 s");
  });

  it("finds and describes a function, then runs a 3-call program on the engine in one execute_code", async () => {
    const { tools } = (await call("search_tools", { query: "read rows of a spreadsheet" })).structuredContent as {
      tools: { name: string }[];
    };
    expect(tools.map((tool) => tool.name)).toContain("CloudSheets.getSpreadsheet");
    expect(text(await call("describe_tools", { names: ["CloudSheets.getSpreadsheet"] }))).toMatch(
      /^declare namespace CloudSheets \{\n[^]*function getSpreadsheet\(input: \{\n {4}spreadsheet_id: string;/,
    );
    const program = [
      "type Sheet = { rows: [string, number | string][] };",
      'const sheets = await Promise.all(["q1", "q2", "q3"].map((id) => CloudSheets.getSpreadsheet({ ' +
        "spreadsheet_id: id }) as Promise<Sheet>));",
      "const scores = sheets.map((sheet) => sheet.rows[1]![1] as number);",
      'console.log("scores", scores);',
      "return { total: scores.reduce((a, b) => a + b, 0) };",
    ].join("\n");
    const result = await call("execute_code", { code: program });
    expect(result.structuredContent).toMatchObject({ ok: true, value: { total: 108 }, logs: ["scores [36,36,36]"] });
    expect((result.structuredContent as { calls: unknown[] }).calls).toHaveLength(3);
  });

  it("answers a type error, a tool --read-only leaves out, and a fourth call with isError results", async () => {
    expect(text(await call("execute_code", { code: "const n: number = 'x';" }))).toMatch(
      /^the program does not type-check; nothing ran:\n1:7 /,
    );
    const write = 'await CloudSheets.writeToCell({ spreadsheet_id: "s", column: "A", row: 1, value: "x" });';
    expect(text(await call("execute_code", { code: write }))).toMatch(
      /1:19 Property 'writeToCell' does not exist on type 'typeof CloudSheets'/,
    );
    const four = 'for (let i = 0; i < 4; i++) await CloudSheets.getSpreadsheet({ spreadsheet_id: "s" });';
    expect(await call("execute_code", { code: four })).toMatchObject({
      isError: true,
      structuredContent: { error: { kind: "limit", limit: "toolCalls" } },
    });
  });

  it("answers bad code arguments and keeps serving", async () => {
    for (const args of [{}, { code: 1 }, { code: "" }, { code: "x".repeat(300_000) }])
      expect((await call("execute_code", args)).isError).toBe(true);
    expect((await call("execute_code", { code: "return 6 * 7;" })).structuredContent).toMatchObject({
      ok: true,
      value: 42,
    });
  });
});

describe("toolcat-mcp --mode code over Streamable HTTP", () => {
  it("runs a program whose second call the engine fails, caught as a ToolError", async () => {
    const http = await connectCli("v2 client on 2026-07-28", "Streamable HTTP", cliEnv(engine.url, ENGINE_API_KEY), [
      "--mode",
      "code",
    ]);
    try {
      const program = [
        'const sheet = await CloudSheets.getSpreadsheet({ spreadsheet_id: "s1" }) as { rows: unknown[][] };',
        "try {",
        '  await CreatorApi.fetchZetaAppSections({ zeta_account_owner_name: "o", zeta_application_link_name: "a" });',
        "} catch (error) {",
        "  const e = error as ToolError;",
        "  return { rows: sheet.rows.length, failed: e.tool, code: e.code, message: e.message };",
        "}",
      ].join("\n");
      const result = await http.callTool("execute_code", { code: program });
      expect(result.structuredContent).toMatchObject({
        ok: true,
        value: {
          rows: 2,
          failed: "CreatorApi.FetchZetaAppSections",
          code: "tool_failed",
          message: expect.stringContaining("ZETA_SERVER_URL is not configured on the engine"),
        },
      });
    } finally {
      await http.close();
    }
  });
});
