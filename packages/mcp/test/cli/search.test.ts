// `toolcat-mcp --mode search` end to end: spawned over stdio as an MCP client spawns it, with the
// SDK's Client and StdioClientTransport, calling a tool on a local engine through call_tool.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, spawnCli, stdioTransport } from "../support/cli.ts";
import { ENGINE_API_KEY, startEngine, type TestEngine } from "../support/engine.ts";

let engine: TestEngine;
let client: Client;
beforeAll(async () => {
  engine = await startEngine();
  client = new Client({ name: "cli-search-test", version: "1.0.0" });
  await client.connect(stdioTransport(cliEnv(engine.url, ENGINE_API_KEY), ["--mode", "search", "--read-only"]));
});
afterAll(async () => {
  await client.close();
  await engine.close();
});

const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe("toolcat-mcp --mode search over stdio", () => {
  it("lists the three search tools only", async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      "search_tools",
      "describe_tools",
      "call_tool",
    ]);
  });

  it("searches, describes and calls a tool on the engine", async () => {
    const { tools } = (await call("search_tools", { query: "read rows of a spreadsheet" })).structuredContent as {
      tools: { name: string }[];
    };
    expect(tools.map((tool) => tool.name)).toContain("CloudSheets_GetSpreadsheet");
    const described = (await call("describe_tools", { names: ["CloudSheets_GetSpreadsheet"] })).structuredContent as {
      tools: { inputSchema: object }[];
    };
    expect(described.tools[0]?.inputSchema).toMatchObject({ properties: { spreadsheet_id: expect.any(Object) } });
    const result = await call("call_tool", { name: "CloudSheets_GetSpreadsheet", arguments: { spreadsheet_id: "s1" } });
    expect(result.structuredContent).toEqual({
      rows: [
        ["Name", "Score"],
        ["Ada", 36],
      ],
    });
  });

  it("refuses a tool --read-only leaves out, naming served tools instead", async () => {
    const result = await call("call_tool", { name: "CloudSheets_CreateSpreadsheet", arguments: {} });
    expect(result).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/is served here; the closest names are/) }],
    });
  });

  it("survives a 100 kB query and answers the next search", async () => {
    expect((await call("search_tools", { query: "q".repeat(100_000) })).isError).toBe(true);
    expect((await call("search_tools", { query: "spreadsheet metadata" })).isError).toBeUndefined();
  });
});

describe("toolcat-mcp --groups", () => {
  it("fails at start on a group no tool has, naming the groups", async () => {
    const cli = spawnCli(cliEnv(engine.url, ENGINE_API_KEY), ["--groups", "candidates"]);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toMatch(/no tool is in group "candidates"; the groups are: other/);
  });
});
