// Provider formats and model-facing text over the real catalog: documented shapes, names, and
// text made only of facts (no spec notation).
import { describe, expect, it } from "vitest";
import { anthropicTool, mcpTool, modelTool, openAiChatTool, openAiNonStrictReason } from "../../../src/emit/model/provider-tools.ts";
import { modelNamePattern } from "../../../src/ir/model-names.ts";
import { executeView } from "../../../../packages/runtime/src/lowering/execute-view.ts";
import { loadCatalog } from "../../../src/loader/load.ts";
import { workspaceRoot } from "../../support.ts";

const catalog = loadCatalog({ root: workspaceRoot });
const pairs = catalog.servers.flatMap((server) => server.tools.map((tool) => ({ server, tool, model: modelTool(server, tool, catalog.rules.toolMode) })));

describe("model-facing tools", () => {
  it("name every tool provider-safely and describe it in sentences without spec notation", () => {
    for (const { tool, model } of pairs) {
      expect(model.name, tool.fullName).toMatch(modelNamePattern);
      expect(model.description, tool.fullName).toMatch(/\.$/);
      const texts = [model.description, ...Object.values((model.inputSchema["properties"] ?? {}) as Record<string, { description?: string }>).map((p) => p.description ?? "")];
      for (const text of texts) expect(text, tool.fullName).not.toMatch(/(^|\s)[~*](\s|$)|\w[~*](\s|$)/);
    }
  });

  it("states required-when-execute in words", () => {
    const { model } = pairs.find(({ tool }) => tool.parameters.kind === "known" && tool.parameters.list.some((p) => p.requirement === "execute"))!;
    expect(model.description).toMatch(new RegExp(`When mode is ${catalog.rules.toolMode.executeValue}, .+ (is|are) also required\\.`));
  });

  it("marks toolcat's own readings as such and never as documented facts", () => {
    for (const { tool, model } of pairs) {
      for (const judgment of tool.judgments) expect(model.description).toContain(`toolcat's reading, where the catalog is silent: ${judgment.slice(0, 20)}`);
    }
  });
});

describe("provider formats", () => {
  it("Anthropic tools have name, description and an object input_schema with nothing at the top level it rejects", () => {
    for (const { model } of pairs) {
      const tool = anthropicTool(model);
      expect(Object.keys(tool).sort()).toEqual(["description", "input_schema", "name"]);
      expect(tool.input_schema["type"]).toBe("object");
      for (const keyword of ["allOf", "anyOf", "oneOf", "$schema"]) expect(tool.input_schema).not.toHaveProperty(keyword);
    }
  });

  it("OpenAI ships a reason for every non-strict tool", () => {
    for (const { tool, model } of pairs) {
      const chat = openAiChatTool(model);
      expect(chat.function.strict, tool.fullName).toBe(openAiNonStrictReason(model) === undefined);
      if (tool.parameters.kind === "not-shown") expect(openAiNonStrictReason(model)).toMatch(/does not show/);
    }
  });

  it("MCP tools carry hints only where the catalog states them", () => {
    const names = { readOnly: "readOnlyHint", destructive: "destructiveHint", idempotent: "idempotentHint", openWorld: "openWorldHint" } as const;
    for (const { tool, model } of pairs) {
      const mcp = mcpTool(model);
      expect(mcp).toMatchObject({ name: model.name, title: model.title, inputSchema: executeView(model.inputSchema) });
      const expected = Object.fromEntries(Object.entries(tool.annotations).map(([key, value]) => [names[key as keyof typeof names], value]));
      expect(mcp.annotations ?? {}, tool.fullName).toEqual(expected);
    }
    expect(pairs.some(({ tool }) => Object.keys(tool.annotations).length > 0)).toBe(true);
    expect(mcpTool({ ...pairs[0]!.model, annotations: {} })).not.toHaveProperty("annotations");
  });

  it("titles split the tool name into words", () => {
    expect(modelTool(pairs[0]!.server, { ...pairs[0]!.tool, name: "GetOpenAPISpecification" }, catalog.rules.toolMode).title).toBe("Get Open API Specification");
  });
});
