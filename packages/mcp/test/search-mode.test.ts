// Search mode in process, over the SDK's own client: exactly three tools listed, search in the
// catalog's words, describe and call by any name form, the filters respected, and every kind of
// bad input answered with an isError result a model can act on, quickly, leaving the server up.
import type { Client } from "@modelcontextprotocol/client";
import { createMemoryTransport } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { createMcpServer, type McpServerOptions } from "../src/server.ts";
import { call, connectInMemory, text } from "./support/in-memory.ts";
import { toolkits } from "./support/toolkits.ts";

async function serve(extra: Partial<McpServerOptions> = {}): Promise<Client> {
  const handlers = { "CloudSheets.GetSpreadsheet": (input: unknown) => ({ rows: [["A1"]], input }) };
  const options = {
    toolkit: toolkits,
    transport: createMemoryTransport(handlers),
    env: false,
    mode: "search",
    ...extra,
  } as McpServerOptions;
  return connectInMemory(options);
}

const found = async (client: Client, query: string, limit?: number): Promise<string[]> =>
  (
    (await call(client, "search_tools", { query, ...(limit === undefined ? {} : { limit }) })).structuredContent as {
      tools: { name: string }[];
    }
  ).tools.map((t) => t.name);

describe("search mode", () => {
  it("lists exactly search_tools, describe_tools and call_tool, described in the catalog's words", async () => {
    const { tools } = await (await serve()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "describe_tools", "call_tool"]);
    const description = tools[0]?.description ?? "";
    expect(description).toContain("CloudSheets (spreadsheets)");
    expect(description).toContain("CreatorApi");
    expect(description).toMatch(/objects: spreadsheet, /);
    // The query's example comes from the served catalog, not from another server's tools.
    expect(tools[0]?.inputSchema.properties?.["query"]).toEqual({
      type: "string",
      description: 'The task in a few words, such as "get spreadsheet".',
    });
  });

  it("finds tools by a task in words, with name, title, description and score", async () => {
    const client = await serve();
    const result = await call(client, "search_tools", { query: "read a range of cells from a spreadsheet", limit: 3 });
    const { tools } = result.structuredContent as {
      tools: { name: string; title: string; description: string; score: number; confidence: number }[];
    };
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.length).toBeLessThanOrEqual(3);
    expect(tools[0]).toEqual({
      name: expect.stringMatching(/^CloudSheets_/),
      title: expect.any(String),
      description: expect.any(String),
      score: expect.any(Number),
      confidence: expect.any(Number),
    });
    expect(tools.map((t) => t.name)).toContain("CloudSheets_GetSpreadsheet");
  });

  it(
    "describes tools with their full description (and " + "an example call) and input schema, by any name form",
    async () => {
      const client = await serve();
      const result = await call(client, "describe_tools", {
        names: ["CloudSheets_GetSpreadsheet", "CloudSheets.WhoAmI"],
      });
      const { tools } = result.structuredContent as {
        tools: { name: string; inputSchema: unknown; description: string }[];
      };
      const manifestTool = toolkits[0]!.manifest.tools.find((t) => t.name === "GetSpreadsheet")!;
      const description = `${manifestTool.modelDescription} Example: ${JSON.stringify(manifestTool.examples[0])}`;
      expect(tools[0]).toMatchObject({
        name: "CloudSheets_GetSpreadsheet",
        description,
        inputSchema: manifestTool.inputSchema,
      });
      expect(tools[1]?.name).toBe("CloudSheets_WhoAmI");
    },
  );

  it("calls a tool with exactly the result and the validation error a direct call gives", async () => {
    const client = await serve();
    const direct = await serve({ mode: "tools" });
    for (const args of [{ spreadsheet_id: "s1" }, { max_rows: 5000 }]) {
      const viaSearch = await call(client, "call_tool", { name: "CloudSheets_GetSpreadsheet", arguments: args });
      expect(viaSearch).toEqual(await call(direct, "CloudSheets_GetSpreadsheet", args));
    }
    const invalid = await call(client, "call_tool", {
      name: "CloudSheets_GetSpreadsheet",
      arguments: { max_rows: 5000 },
    });
    expect(invalid).toMatchObject({
      isError: true,
      structuredContent: {
        error: { code: "validation_failed", issues: [{ path: "/spreadsheet_id" }, { path: "/max_rows" }] },
      },
    });
  });

  it("respects --tools, --read-only and --groups: a filtered tool is never found and is refused", async () => {
    const client = await serve({ tools: ["CloudSheets.Get*"] });
    expect((await found(client, "spreadsheet", 10)).every((name) => name.startsWith("CloudSheets_Get"))).toBe(true);
    const refused = await call(client, "call_tool", { name: "CloudSheets_WhoAmI", arguments: {} });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(
      /no tool of that name is served here; the closest names are CloudSheets_GetSpreadsheet/,
    );
    const readOnly = await serve({ readOnly: true });
    const readOnlyNames = new Set(
      toolkits
        .flatMap((k) => k.manifest.tools)
        .filter((t) => t.annotations.readOnly === true)
        .map((t) => t.modelName),
    );
    for (const name of await found(readOnly, "spreadsheet", 20)) expect(readOnlyNames).toContain(name);
    const grouped = await serve({ groups: ["other"], tools: ["CreatorApi.*"] });
    expect((await found(grouped, "spreadsheet records", 10)).every((name) => name.startsWith("CreatorApi_"))).toBe(
      true,
    );
  });

  it.each([
    ["an empty query", "search_tools", { query: "" }, /query is empty/],
    ["a whitespace query", "search_tools", { query: " \n\t " }, /query is empty/],
    ["a 100 kB query", "search_tools", { query: "x".repeat(100_000) }, /query is 100000 characters long; send at most/],
    ["limit 0", "search_tools", { query: "sheet", limit: 0 }, /limit must be a whole number from 1 to 50, got 0/],
    ["a negative limit", "search_tools", { query: "sheet", limit: -3 }, /limit must be a whole number from 1 to 50/],
    ["a fractional limit", "search_tools", { query: "sheet", limit: 2.5 }, /limit must be a whole number from 1 to 50/],
    ["limit over 50", "search_tools", { query: "sheet", limit: 51 }, /limit must be a whole number from 1 to 50/],
    ["a query that is not text", "search_tools", { query: 42 }, /query must be a string/],
    [
      "an unknown key",
      "search_tools",
      { query: "sheet", bogus: 1 },
      /search_tools takes only query and limit; remove the other keys/,
    ],
    [
      "an unknown key beside the call",
      "call_tool",
      { name: "CloudSheets_GetSpreadsheet", arguments: {}, sheet: 1 },
      /call_tool takes only name and arguments/,
    ],
    [
      "an unknown name to describe",
      "describe_tools",
      { names: ["CloudSheets_GetSpredsheet"] },
      /no tool of that name is served here; the closest names are CloudSheets_GetSpreadsheet/,
    ],
    ["no names to describe", "describe_tools", { names: [] }, /non-empty array/],
    ["names that are not text", "describe_tools", { names: [1] }, /tool name \(text\)/],
    [
      "an unknown name to call",
      "call_tool",
      { name: "Sheets_Get", arguments: {} },
      /no tool of that name is served here; the closest names are/,
    ],
    [
      "a 100 kB name to call",
      "call_tool",
      { name: "y".repeat(100_000), arguments: {} },
      /no tool of that name is served here; the closest names are/,
    ],
    [
      "arguments that are text",
      "call_tool",
      { name: "CloudSheets_GetSpreadsheet", arguments: '{"spreadsheet_id":1}' },
      /arguments must be an object .* got string/,
    ],
    [
      "arguments that are an array",
      "call_tool",
      { name: "CloudSheets_GetSpreadsheet", arguments: [1] },
      /got an array/,
    ],
  ])("answers %s with an isError result the model can act on, in bounded time", async (_label, tool, args, message) => {
    const client = await serve();
    const started = performance.now();
    const result = await call(client, tool, args);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(message);
    expect(await found(client, "spreadsheet")).not.toEqual([]);
  });

  it("keeps tools mode the default, and refuses to start on a group no tool has", async () => {
    const { tools } = await (await serve({ mode: undefined })).listTools();
    expect(tools.length).toBe(toolkits.reduce((count, toolkit) => count + toolkit.manifest.tools.length, 0));
    expect(() =>
      createMcpServer({ toolkit: toolkits, transport: createMemoryTransport({}), groups: ["Candidates"] }),
    ).toThrow(/no tool is in group "candidates"; the groups are: other/);
  });
});
