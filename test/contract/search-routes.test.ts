// The route helpers over a package's searchTools: selectTools' limits and chat tools (made from the
// manifest, equal to every shipped chat file's entries), the Anthropic search tool's tool_reference
// and error results, and the AI SDK step's active tools.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  anthropicSearchResult,
  prepareToolSearchStep,
  selectChatTools,
  ToolSearchError,
  type OpenAiChatTool,
} from "../../packages/runtime/src/index.ts";
import { manifestChatTools } from "../../packages/runtime/src/internal/index.ts";
import { manifest, searchTools } from "../../packages/cloud-sheets/src/index.ts";
import { loadPackage, selectedSlugs, workspaceRoot } from "../support/packages.ts";

const chat = manifestChatTools(manifest);

/** Every chat tool a package ships: its tools/openai-chat.json, or its groups' files when it has none. */
function shippedChatTools(slug: string): OpenAiChatTool[] {
  const dir = `${workspaceRoot}packages/${slug}/tools`;
  const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as OpenAiChatTool[];
  if (existsSync(`${dir}/openai-chat.json`)) return read(`${dir}/openai-chat.json`);
  return readdirSync(`${dir}/groups`).flatMap((group) => read(`${dir}/groups/${group}/openai-chat.json`));
}

describe("tool search routes", () => {
  it("selectChatTools returns the matching chat tools, at most limit, and refuses a limit outside 1 to 128", () => {
    const tools = selectChatTools(searchTools, chat, "read rows of a spreadsheet", { limit: 2 });
    expect(tools.map((t) => t.function.name)).toEqual(["CloudSheets_GetSpreadsheet", expect.any(String)]);
    expect(selectChatTools(searchTools, chat, "spreadsheet").length).toBeLessThanOrEqual(20);
    for (const limit of [0, 129, 2.5])
      expect(() => selectChatTools(searchTools, chat, "sheet", { limit })).toThrow(ToolSearchError);
  });

  it("anthropicSearchResult answers with tool_reference blocks, and with is_error text on bad input", () => {
    expect(
      anthropicSearchResult(searchTools, { id: "t1", input: { query: "read rows of a spreadsheet", limit: 1 } }),
    ).toEqual({
      type: "tool_result",
      tool_use_id: "t1",
      content: [{ type: "tool_reference", tool_name: "CloudSheets_GetSpreadsheet" }],
      is_error: false,
    });
    for (const input of [{ query: "  " }, { query: "x".repeat(100_000) }, { query: "sheet", limit: 0 }, null, "text"]) {
      expect(anthropicSearchResult(searchTools, { id: "t2", input })).toMatchObject({
        is_error: true,
        content: expect.any(String),
      });
    }
  });

  it("prepareToolSearchStep keeps called tools active and adds the latest user message's matches", () => {
    const step = prepareToolSearchStep(searchTools, { limit: 2 });
    const { activeTools } = step({
      messages: [
        { role: "user", content: "create a new spreadsheet" },
        { role: "assistant", content: [{ type: "tool-call", toolName: "CloudSheets_CreateSpreadsheet" }] },
        { role: "user", content: [{ type: "text", text: "now read rows of a spreadsheet" }] },
      ],
    });
    expect(activeTools[0]).toBe("CloudSheets_CreateSpreadsheet");
    expect(activeTools).toContain("CloudSheets_GetSpreadsheet");
    expect(activeTools.length).toBeLessThanOrEqual(3);
    expect(step({ messages: [{ role: "user", content: "" }] })).toEqual({ activeTools: [] });
  });

  it.each(selectedSlugs)(
    "%s: the chat tools made from the manifest are the shipped chat files' entries",
    async (slug) => {
      const { manifest: own } = await loadPackage(slug);
      const shipped = shippedChatTools(slug);
      const made = manifestChatTools(own);
      expect(shipped.map((tool) => tool.function.name).sort()).toEqual(own.tools.map((tool) => tool.modelName).sort());
      for (const tool of shipped) expect(made(tool.function.name), tool.function.name).toEqual(tool);
      expect(made("NoSuchTool")).toBeUndefined();
    },
  );
});
