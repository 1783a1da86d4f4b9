// createMcpServer in process, on both protocol eras: the SDK's v2 client in memory (2025-11-25) or
// through the SDK's HTTP entry (2026-07-28), two packages, tools run by the runtime's memory
// transport, or by its HTTP transport to an engine whose connection breaks.
import type { Client } from "@modelcontextprotocol/client";
import {
  AuthorizationRequiredError,
  createHttpTransport,
  createMemoryTransport,
  type ToolHandlers,
} from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { createMcpServer, type McpServerOptions } from "../src/server.ts";
import { createCloudSheetsClient } from "../../cloud-sheets/src/index.ts";
import sheetsMcpTools from "../../cloud-sheets/tools/mcp.json" with { type: "json" };
import { handleToolCall } from "../../creator-api/src/index.ts";
import { failingEngine, failurePoints } from "../../runtime/test/support/network.ts";
import { connectInMemory, eras, type Era } from "./support/in-memory.ts";
import { toolkits } from "./support/toolkits.ts";

const handlers: ToolHandlers = {
  "CloudSheets.GetSpreadsheet": (input) => ({ rows: [["A1"]], input }),
  "CloudSheets.GetSpreadsheetMetadata": () => [1, 2],
  "CloudSheets.WhoAmI": () => {
    throw new AuthorizationRequiredError("CloudSheets.WhoAmI", "https://auth.example.com/grant?id=7", "pending");
  },
  "CreatorApi.FetchZetaAppSections": (_input, { secrets }) => ({ server: secrets["ZETA_SERVER_URL"] }),
};
describe.each(eras)("on %s", (era: Era) => {
  const connect = (options: McpServerOptions): Promise<Client> => connectInMemory(options, era);
  const serve = (extra: Partial<McpServerOptions> = {}): Promise<Client> =>
    connect({
      toolkit: toolkits,
      transport: createMemoryTransport(handlers),
      env: false,
      ...extra,
    } as McpServerOptions);

  describe("listing", () => {
    it("lists every tool of both packages under model names, with title, description and schema", async () => {
      const { tools } = await (await serve()).listTools();
      const expected = toolkits.flatMap((toolkit) => toolkit.manifest.tools);
      expect(tools.map((tool) => tool.name)).toEqual(expected.map((tool) => tool.fullName.replace(".", "_")));
      const sheet = tools.find((tool) => tool.name === "CloudSheets_GetSpreadsheet");
      const manifestTool = expected.find((tool) => tool.fullName === "CloudSheets.GetSpreadsheet");
      expect(sheet).toEqual({
        name: "CloudSheets_GetSpreadsheet",
        title: manifestTool?.title,
        description: `${manifestTool?.modelDescription} Example: ${JSON.stringify(manifestTool?.examples[0])}`,
        inputSchema: manifestTool?.inputSchema,
        annotations: { readOnlyHint: true },
      });
      // The model-facing text the package ships in tools/mcp.json, not the terse purpose.
      expect(sheet?.description).toBe(
        sheetsMcpTools.find((tool) => tool.name === "CloudSheets_GetSpreadsheet")?.description,
      );
      expect(sheet?.description).not.toBe(manifestTool?.description);
      expect(tools.find((tool) => tool.name === "CloudSheets_WhoAmI")).not.toHaveProperty("annotations");
    });

    it(
      "lists the terse purpose for a package generated before " + "manifests carried model descriptions and examples",
      async () => {
        const [sheets] = toolkits;
        const tools = sheets!.manifest.tools.map(({ modelDescription: _dropped, examples: _none, ...tool }) => tool);
        const old = { ...sheets!, manifest: { ...sheets!.manifest, tools } };
        const listed = (await (await serve({ toolkit: old as never })).listTools()).tools;
        expect(listed.map((tool) => tool.description)).toEqual(sheets!.manifest.tools.map((tool) => tool.description));
      },
    );

    it.each([
      [
        { nameStyle: "full" as const, tools: ["CloudSheets.Get*"] },
        ["CloudSheets.GetSpreadsheet", "CloudSheets.GetSpreadsheetMetadata"],
      ],
      [
        { tools: ["WhoAmI", "CreatorApi_FetchZetaAppSections"] },
        ["CloudSheets_WhoAmI", "CreatorApi_FetchZetaAppSections"],
      ],
      [
        { readOnly: true, tools: ["CloudSheets.*"] },
        ["CloudSheets_SearchSpreadsheets", "CloudSheets_GetSpreadsheet", "CloudSheets_GetSpreadsheetMetadata"],
      ],
    ])("applies %j", async (filter, names) => {
      const { tools } = await (await serve(filter)).listTools();
      expect(tools.map((tool) => tool.name)).toEqual(names);
    });

    it("refuses a pattern that matches nothing when the server is created", () => {
      expect(() =>
        createMcpServer({ toolkit: toolkits, transport: createMemoryTransport({}), tools: ["Sheets*"] }),
      ).toThrow(/no tool matches "Sheets\*"/);
    });
  });

  describe("calling", () => {
    it("returns the value as structured content and compact JSON text, as handleToolCall", async () => {
      // 2026-07-28 results also name the server in _meta.
      const { _meta, ...result } = await (
        await serve()
      ).callTool({ name: "CloudSheets_GetSpreadsheet", arguments: { spreadsheet_id: "s1" } });
      const value = { rows: [["A1"]], input: { spreadsheet_id: "s1" } };
      expect(result).toEqual({ content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value });
    });

    it("wraps a value that is not an object", async () => {
      const result = await (
        await serve()
      ).callTool({ name: "CloudSheets_GetSpreadsheetMetadata", arguments: { spreadsheet_id: "s1" } });
      expect(result.structuredContent).toEqual({ value: [1, 2] });
    });

    it("calls by full name when the server lists full names", async () => {
      const result = await (
        await serve({ nameStyle: "full" })
      ).callTool({ name: "CloudSheets.GetSpreadsheet", arguments: { spreadsheet_id: "s1" } });
      expect(result.isError).toBeUndefined();
    });

    it("reports validation issues with their JSON pointers as an isError result", async () => {
      const result = await (
        await serve()
      ).callTool({ name: "CloudSheets_GetSpreadsheet", arguments: { max_rows: 5000 } });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        { type: "text", text: expect.stringMatching(/\/spreadsheet_id: .*required[\s\S]*\/max_rows: .*1000/) },
      ]);
      expect(result.structuredContent).toMatchObject({
        error: { code: "validation_failed", issues: [{ path: "/spreadsheet_id" }, { path: "/max_rows" }] },
      });
    });

    it("names a missing secret, and passes a configured one to the tool", async () => {
      const input = {
        name: "CreatorApi_FetchZetaAppSections",
        arguments: { zeta_account_owner_name: "o", zeta_application_link_name: "a" },
      };
      const missing = await (await serve()).callTool(input);
      expect(missing).toMatchObject({
        isError: true,
        content: [{ text: expect.stringContaining("ZETA_SERVER_URL") }],
        structuredContent: { error: { code: "missing_secret", missing: ["ZETA_SERVER_URL"] } },
      });
      const configured = await (
        await serve({ secrets: { ZETA_SERVER_URL: "https://zeta.example.com" } })
      ).callTool(input);
      // The tool got the value; echoed back in its answer, a secret is redacted like anywhere else.
      expect(configured.structuredContent).toEqual({ server: "[REDACTED]" });
    });

    it("returns authorization-required as a result carrying the URL", async () => {
      const result = await (await serve()).callTool({ name: "CloudSheets_WhoAmI", arguments: {} });
      const url = "https://auth.example.com/grant?id=7";
      expect(result).toMatchObject({
        isError: true,
        content: [{ text: expect.stringContaining(url) }],
        structuredContent: { error: { code: "authorization_required", url, status: "pending" } },
      });
    });

    it("answers an unknown tool with a protocol error", async () => {
      await expect((await serve()).callTool({ name: "CloudSheets.GetSpreadsheet", arguments: {} })).rejects.toThrow(
        /unknown tool: no tool of this server has that name/,
      );
    });

    it("aborts the tool's signal when the client cancels the request", async () => {
      let started = (): void => undefined;
      const running = new Promise<void>((resolve) => (started = resolve));
      const aborted = new Promise<unknown>((resolve) => {
        const slow: ToolHandlers = {
          "CloudSheets.SearchSpreadsheets": (_input, { signal }) => {
            signal.addEventListener("abort", () => resolve(signal.reason), { once: true });
            started();
            return new Promise(() => undefined);
          },
        };
        void connect({ toolkit: toolkits, transport: createMemoryTransport(slow) }).then((client) => {
          const controller = new AbortController();
          client
            .callTool({ name: "CloudSheets_SearchSpreadsheets", arguments: {} }, { signal: controller.signal })
            .catch(() => undefined);
          void running.then(() => controller.abort("user gave up"));
        });
      });
      // A 2026-07-28 client cancels by closing the request's stream, which carries no reason.
      await expect(aborted).resolves.toEqual(era === "2025-11-25" ? "user gave up" : expect.anything());
    }, 5_000);

    it("calls through a client it is given, with the full name", async () => {
      const calls: unknown[] = [];
      const call = async (toolName: string, input: unknown): Promise<unknown> => {
        calls.push([toolName, input]);
        return { ok: true };
      };
      const client = await connect({ toolkit: toolkits, client: { call } });
      await client.callTool({ name: "CreatorApi_FetchZetaAppSections", arguments: {} });
      expect(calls).toEqual([["CreatorApi.FetchZetaAppSections", {}]]);
    });

    it("takes a generated package client as it is", async () => {
      const sheets = createCloudSheetsClient({ transport: createMemoryTransport(handlers) });
      const client = await connect({ toolkit: toolkits[0] ?? [], client: sheets });
      const result = await client.callTool({ name: "CloudSheets_GetSpreadsheet", arguments: { spreadsheet_id: "s1" } });
      expect(result.structuredContent).toMatchObject({ rows: [["A1"]] });
    });

    it("keeps a secret a failing tool puts in its error out of the result", async () => {
      const leaky: ToolHandlers = {
        "CreatorApi.FetchZetaAppSections": (_input, { secrets }) => {
          throw new Error(`could not reach ${secrets["ZETA_SERVER_URL"] ?? ""}`);
        },
      };
      const client = await connect({
        toolkit: toolkits,
        transport: createMemoryTransport(leaky),
        secrets: { ZETA_SERVER_URL: "https://s3cr3t.example.com" },
      });
      const result = await client.callTool({
        name: "CreatorApi_FetchZetaAppSections",
        arguments: { zeta_account_owner_name: "o", zeta_application_link_name: "a" },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result)).toContain("could not reach");
      expect(JSON.stringify(result)).not.toContain("s3cr3t");
    });

    it.each([
      [{ __proto__: { spreadsheet_id: "x" } }, true],
      // The SDK's request parsing drops an own __proto__ key before the server sees it; the rest is valid.
      [JSON.parse('{"__proto__": {"polluted": true}, "spreadsheet_id": "s"}') as Record<string, unknown>, false],
      [{ spreadsheet_id: "s", constructor: "x", toString: 1 }, true],
      [{ spreadsheet_id: "x".repeat(100_000), max_rows: Number.MAX_SAFE_INTEGER + 2 }, true],
      [{ spreadsheet_id: [[[[[[[[[[{}]]]]]]]]]] }, true],
    ])("answers hostile arguments %# with a result, never a protocol error", async (args, invalid) => {
      const result = await (await serve()).callTool({ name: "CloudSheets_GetSpreadsheet", arguments: args });
      if (invalid) {
        expect(result.isError).toBe(true);
        expect(result.content).toEqual([
          { type: "text", text: expect.stringMatching(/^Invalid arguments for CloudSheets.GetSpreadsheet:\n- \//) },
        ]);
      } else {
        expect(result.structuredContent).toMatchObject({ input: { spreadsheet_id: "s" } });
      }
      expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    });
  });
});

describe("network failures", () => {
  const connect = (options: McpServerOptions): Promise<Client> => connectInMemory(options);
  const KEY = "tc-api-1b2c3d4e5f";
  const SECRET = "zeta-s3cr3t-6a7b8c";
  // The secret travels in the arguments, so a broken answer that echoes the request quotes it.
  const call = {
    name: "CreatorApi_FetchZetaAppSections",
    arguments: { zeta_account_owner_name: SECRET, zeta_application_link_name: "a" },
  };

  it.each(failurePoints.map((point) => [point.name, point.code, point] as const))(
    "%s is a %s result, as from handleToolCall",
    async (_, __, point) => {
      const { baseUrl, timeoutMs } = await failingEngine(point);
      const options = {
        transport: createHttpTransport({ baseUrl, apiKey: KEY, timeoutMs, retries: 0 }),
        secrets: { ZETA_SERVER_URL: SECRET },
        env: false as const,
      };
      const result = await (await connect({ toolkit: toolkits, ...options })).callTool(call);
      const details = point.code === "timeout" ? { timeoutMs } : { retryable: point.retryable };
      expect(result).toMatchObject({
        isError: true,
        content: [{ type: "text", text: expect.stringMatching(point.detail) }],
        structuredContent: { error: { code: point.code, ...details } },
      });
      const handled = await handleToolCall(options, call.name, call.arguments);
      expect(handled).toMatchObject({
        isError: true,
        code: point.code,
        content: [{ text: expect.stringMatching(point.detail) }],
      });
      expect(JSON.stringify([result, handled])).not.toMatch(new RegExp(`${KEY}|${SECRET}`));
    },
  );
});
