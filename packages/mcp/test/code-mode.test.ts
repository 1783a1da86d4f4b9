// Code mode in process, over the SDK's own client: exactly three tools listed, search naming the
// functions a program calls, describe giving their TypeScript declarations, execute_code running a
// multi-step program through the server's client, the filters holding inside programs, and every
// failure (type error, tool error, limit, bad arguments) an isError result a model can act on.
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import * as code from "@toolcat/code";
import { functionDeclarations, type CodeApi } from "@toolcat/code";
import { createMemoryTransport, type ToolHandler } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { createMcpServer, type McpServerOptions } from "../src/server.ts";
import { call, connectInMemory, text } from "./support/in-memory.ts";
import { toolkits } from "./support/toolkits.ts";

/** Tool names of the calls that reached the transport. */
let reached: string[] = [];

async function serve(
  extra: Partial<McpServerOptions> = {},
  handlers: Record<string, ToolHandler> = {},
): Promise<Client> {
  reached = [];
  const answer =
    (name: string, value: (input: unknown) => unknown): ToolHandler =>
    (input) => (reached.push(name), value(input));
  const transport = createMemoryTransport({
    "CloudSheets.GetSpreadsheet": answer("CloudSheets.GetSpreadsheet", (input) => ({
      rows: [["Score"], [(input as { spreadsheet_id: string }).spreadsheet_id.length]],
    })),
    "CloudSheets.WhoAmI": answer("CloudSheets.WhoAmI", () => ({ email: "ada@example.com" })),
    "CloudSheets.WriteToCell": answer("CloudSheets.WriteToCell", (input) => ({ written: input })),
    ...handlers,
  });
  const options = { toolkit: toolkits, transport, env: false, mode: "code", code, ...extra } as McpServerOptions;
  return connectInMemory(options);
}

const run = (client: Client, code: unknown): Promise<CallToolResult> => call(client, "execute_code", { code });
const sheetsApi = toolkits[0]!["codeApi"] as CodeApi;

const threeCalls = [
  "const me = await CloudSheets.whoAmI() as { email: string };",
  'const [a, b] = await Promise.all(["q1", "q22"].map((id) => CloudSheets.getSpreadsheet({ spreadsheet_id: id ' +
    "}))) as { rows: [unknown, [number]] }[];",
  'console.log("read", me.email);',
  "return { total: a!.rows[1][0] + b!.rows[1][0] };",
].join("\n");

describe("code mode", () => {
  it("lists exactly search_tools, describe_tools and execute_code", async () => {
    const { tools } = await (await serve()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "describe_tools", "execute_code"]);
    expect(tools[0]?.description).toContain("TypeScript declarations");
    expect(tools[2]?.description).toMatch(
      /namespaces CloudSheets, CreatorApi; such as await CloudSheets\.\w+\(\{ … \}\)/,
    );
    expect(tools[2]?.description).toContain("50 tool calls, 30 s");
  });

  it("searches for the functions a program calls", async () => {
    const result = await call(await serve(), "search_tools", {
      query: "read a range of cells from a spreadsheet",
      limit: 3,
    });
    const { tools } = result.structuredContent as { tools: { name: string; title: string }[] };
    expect(tools.map((tool) => tool.name)).toContain("CloudSheets.getSpreadsheet");
    expect(tools[0]).toEqual({
      name: expect.stringMatching(/^CloudSheets\.[a-z]/),
      title: expect.any(String),
      description: expect.any(String),
      score: expect.any(Number),
      confidence: expect.any(Number),
    });
  });

  it("describes functions by their TypeScript declarations, by any name form", async () => {
    const result = await call(await serve(), "describe_tools", {
      names: ["CloudSheets.getSpreadsheet", "CloudSheets_WhoAmI", "CreatorApi.FetchZetaAppSections"],
    });
    const declarations = functionDeclarations(sheetsApi);
    expect(result.structuredContent).toMatchObject({
      tools: [
        { name: "CloudSheets.getSpreadsheet", declaration: declarations.get("getSpreadsheet") },
        { name: "CloudSheets.whoAmI", declaration: declarations.get("whoAmI") },
        {
          name: "CreatorApi.fetchZetaAppSections",
          declaration: expect.stringContaining("function fetchZetaAppSections(input: {"),
        },
      ],
    });
    expect(text(result)).toMatch(
      new RegExp(
        /^declare namespace CloudSheets \{\n[^]*function getSpreadsheet\(input: \{/.source +
          /[^]*function whoAmI\([^]*\n\}\n\ndeclare namespace CreatorApi \{\n/.source,
      ),
    );
    expect(text(result)).not.toContain("inputSchema");
  });

  it("runs a 3-call program through the server's client: value, logs and calls", async () => {
    const client = await serve();
    const result = await run(client, threeCalls);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({
      ok: true,
      value: { total: 5 },
      logs: ["read ada@example.com"],
      calls: [
        { name: "CloudSheets.WhoAmI", ok: true, ms: expect.any(Number) },
        { name: "CloudSheets.GetSpreadsheet", ok: true, ms: expect.any(Number) },
        { name: "CloudSheets.GetSpreadsheet", ok: true, ms: expect.any(Number) },
      ],
    });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
    expect(reached).toEqual(["CloudSheets.WhoAmI", "CloudSheets.GetSpreadsheet", "CloudSheets.GetSpreadsheet"]);
  });

  it("runs programs through a client of your own as well", async () => {
    const seen: string[] = [];
    const own = { call: async (name: string, input: unknown) => (seen.push(name), { name, input }) };
    const client = await serve({ client: own, transport: undefined } as Partial<McpServerOptions>);
    const result = await run(client, "return await CloudSheets.whoAmI();");
    expect(result.structuredContent).toMatchObject({ ok: true, value: { name: "CloudSheets.WhoAmI", input: {} } });
    expect(seen).toEqual(["CloudSheets.WhoAmI"]);
  });

  it("answers a type error with line:col message, and runs nothing", async () => {
    const client = await serve();
    const result = await run(client, 'await CloudSheets.whoAmI();\nconst rows: number = "many";');
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /^the program does not type-check; nothing ran:\n2:7 Type 'string' is not assignable to type 'number'/,
    );
    expect(result.structuredContent).toMatchObject({
      ok: false,
      error: { kind: "type", diagnostics: [expect.stringMatching(/^2:7 /)] },
    });
    expect(reached).toEqual([]);
  });

  it("answers a failed call with the package's message and JSON pointers, naming the calls that ran", async () => {
    const client = await serve();
    const result = await run(
      client,
      'await CloudSheets.whoAmI();\nawait CloudSheets.getSpreadsheet({ spreadsheet_id: "s", max_rows: 5000 });',
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /^the program threw: ToolError: Invalid arguments for CloudSheets\.GetSpreadsheet:\n- \/max_rows: /,
    );
    expect(text(result)).toContain(
      "calls made before it stopped: CloudSheets.WhoAmI (ok), CloudSheets.GetSpreadsheet (failed)",
    );
    expect(result.structuredContent).toMatchObject({ error: { kind: "runtime" } });
  });

  it("stops a program at the configured limit", async () => {
    const client = await serve({ codeLimits: { toolCalls: 2 } });
    expect((await client.listTools()).tools[2]?.description).toContain("2 tool calls");
    const result = await run(client, threeCalls);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^the program started more tool calls than its limit \(2\)/);
    expect(result.structuredContent).toMatchObject({ error: { kind: "limit", limit: "toolCalls" } });
    expect(() =>
      createMcpServer({
        toolkit: toolkits,
        transport: createMemoryTransport({}),
        mode: "code",
        code,
        codeLimits: { wallMs: 0 },
      }),
    ).toThrow(/limit wallMs must be a positive number/);
  });

  it("stops the program and the call it has in flight when the client cancels", async () => {
    let started = (): void => undefined;
    let aborted = (): void => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const cancelled = new Promise<void>((resolve) => (aborted = resolve));
    const hanging: ToolHandler = (_input, { signal }) => {
      signal.addEventListener("abort", () => aborted(), { once: true });
      started();
      return new Promise(() => undefined);
    };
    const client = await serve({}, { "CloudSheets.SearchSpreadsheets": hanging });
    const controller = new AbortController();
    const pending = client.callTool(
      { name: "execute_code", arguments: { code: "await CloudSheets.searchSpreadsheets();" } },
      { signal: controller.signal },
    );
    await running;
    controller.abort("user gave up");
    await expect(pending).rejects.toThrow(/user gave up/);
    await cancelled;
  }, 5_000);

  it(
    "respects --tools, --read-only and --groups: a filtered " + "tool is not described, and a program cannot call it",
    async () => {
      const client = await serve({ tools: ["CloudSheets.Get*"] });
      expect((await client.listTools()).tools[2]?.description).toContain("namespaces CloudSheets;");
      expect(text(await call(client, "describe_tools", { names: ["CloudSheets.whoAmI"] }))).toMatch(
        /no tool of that name is served here; the closest names are CloudSheets\.getSpreadsheet/,
      );
      const typed = await run(client, "return await CloudSheets.whoAmI();");
      expect(text(typed)).toMatch(
        new RegExp(
          /^the program does not type-check; nothing ran:/.source +
            /\n1:26 Property 'whoAmI' does not exist on type 'typeof CloudSheets'/.source,
        ),
      );
      expect(text(await run(client, "await (CloudSheets as any).whoAmI();"))).toMatch(
        /^the program threw: TypeError: not a function/,
      );
      expect(text(await run(client, "await (globalThis as any).CreatorApi.fetchZetaAppSections({});"))).toMatch(
        /^the program threw: TypeError: cannot read property 'fetchZetaAppSections' of undefined/,
      );
      const readOnly = await serve({ readOnly: true });
      expect(
        text(
          await run(
            readOnly,
            'await CloudSheets.writeToCell({ spreadsheet_id: "s", column: "A", row: 1, value: "x" });',
          ),
        ),
      ).toMatch(/Property 'writeToCell' does not exist/);
      const grouped = await serve({ groups: ["other"], tools: ["CreatorApi.*"] });
      expect(text(await run(grouped, 'await CloudSheets.getSpreadsheet({ spreadsheet_id: "s" });'))).toMatch(
        /Cannot find name 'CloudSheets'/,
      );
      expect(reached).toEqual([]);
    },
  );

  it("refuses at start a package generated before code mode", () => {
    const old = { ...toolkits[0]!, codeApi: undefined };
    expect(() => createMcpServer({ toolkit: [old], transport: createMemoryTransport({}), mode: "code", code })).toThrow(
      /@toolcat\/cloud-sheets has no code-mode declarations \(codeApi\); update it/,
    );
  });

  it("says in one line how to add @toolcat/code when code mode is asked for without it", () => {
    expect(() => createMcpServer({ toolkit: toolkits, transport: createMemoryTransport({}), mode: "code" })).toThrow(
      /^code mode needs @toolcat\/code: npm install @toolcat\/code, then pass it as the code option[^\n]*$/,
    );
  });

  it.each([
    ["missing code", {}, /^code is missing: send \{ "code": "…" \}/],
    ["code that is a number", { code: 42 }, /^code must be the program as text \(a string\), got number/],
    ["code that is an object", { code: { source: "return 1" } }, /got object/],
    [
      "10 MB of code",
      { code: "x".repeat(10 * 1024 * 1024) },
      /^code is 10485760 characters long; a program is at most 262144 bytes/,
    ],
    ["empty code", { code: "" }, /^code is empty: send the body of an async function/],
    ["blank code", { code: " \n\t " }, /^code is empty/],
    ["code of a non-UTF-8 string", { code: "return '\ud800';" }, /lone surrogate/],
  ])("answers %s with an isError result the model can act on, in bounded time", async (_label, args, message) => {
    const client = await serve();
    const started = performance.now();
    const result = await call(client, "execute_code", args);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(message);
    expect((await run(client, "return 1 + 1;")).structuredContent).toMatchObject({ ok: true, value: 2 });
  });
});
