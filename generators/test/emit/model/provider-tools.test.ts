// Provider formats and model-facing text over the real catalog: documented shapes, names, and
// text made only of facts (no spec notation).
import { describe, expect, it } from "vitest";
import {
  anthropicTool,
  mcpTool,
  modelTool,
  openAiChatTool,
  openAiNonStrictReason,
} from "../../../src/emit/model/provider-tools.ts";
import { judgmentBrief, ruleText } from "../../../src/emit/core/describe.ts";
import { modelNamePattern } from "../../../src/ir/model-names.ts";
import { executeView } from "../../../../packages/runtime/src/lowering/execute-view.ts";
import { workspaceCatalog } from "../../support.ts";

const catalog = workspaceCatalog();
const pairs = catalog.servers.flatMap((server) =>
  server.tools.map((tool) => ({ server, tool, model: modelTool(server, tool, catalog.rules.toolMode) })),
);

describe("model-facing tools", () => {
  it("name every tool provider-safely and describe it in sentences without spec notation", () => {
    for (const { tool, model } of pairs) {
      expect(model.name, tool.fullName).toMatch(modelNamePattern);
      expect(model.description, tool.fullName).toMatch(/\.$/);
      const texts = [
        model.description,
        ...Object.values((model.inputSchema["properties"] ?? {}) as Record<string, { description?: string }>).map(
          (p) => p.description ?? "",
        ),
      ];
      for (const text of texts) {
        expect(text, tool.fullName).not.toMatch(/(^|\s)[~*](\s|$)|\w[~*](\s|$)|`[~*]`|\bmarked\b/);
        // Nothing content-free: required-ness is in the schema, so a description never just says it.
        expect(text, tool.fullName).not.toMatch(/(^|\. )(Required|Optional)\.( |$)/);
      }
    }
  });

  it(
    "keeps every documented fact a model needs: purpose, notes, rules, limits, secrets, and per parameter its " +
      "meaning, bounds, values and default",
    () => {
      // Each fact is looked for without its first letter and final period: the text capitalizes and ends sentences.
      for (const { server, tool, model } of pairs) {
        const limits = server.limits
          .filter((l) => l.appliesTo.some((t) => t.tool === tool.name && t.parameter === undefined))
          .map((l) => l.text);
        const facts = [tool.purpose, ...tool.notes, ...tool.secrets, ...limits, ...tool.rules.map(ruleText)].map(
          (text) => text.trim().replace(/\.$/, "").slice(1),
        );
        for (const fact of facts) expect(model.description, tool.fullName).toContain(fact);
        const properties = (model.inputSchema["properties"] ?? {}) as Record<string, { description?: string }>;
        for (const parameter of tool.parameters.kind === "known" ? tool.parameters.list : []) {
          const text = properties[parameter.name]?.description ?? "";
          const node = parameter.schema;
          const values = [
            parameter.description,
            ...parameter.notes,
            ...(node.enum ?? []).map(String),
            ...[node.minimum, node.maximum].filter((v) => v !== undefined).map(String),
            ...(parameter.default === undefined ? [] : [JSON.stringify(parameter.default)]),
          ].filter((v): v is string => v !== undefined);
          for (const value of values)
            expect(text, `${tool.fullName}.${parameter.name}`).toContain(value.trim().replace(/\.$/, "").slice(1));
        }
      }
    },
  );

  it("states required-when-execute in words", () => {
    const { model } = pairs.find(
      ({ tool }) => tool.parameters.kind === "known" && tool.parameters.list.some((p) => p.requirement === "execute"),
    )!;
    expect(model.description).toMatch(
      new RegExp(`When mode is ${catalog.rules.toolMode.executeValue}, .+ (is|are) also required\\.`),
    );
  });

  it("gives toolcat's own readings as one short clause of what the tool accepts, never naming the generator", () => {
    for (const { tool, model } of pairs) {
      const properties = (model.inputSchema["properties"] ?? {}) as Record<string, { description?: string }>;
      const readings = [
        ...tool.judgments.map((judgment) => ({ judgment, text: model.description })),
        ...(tool.parameters.kind === "known" ? tool.parameters.list : []).flatMap((p) =>
          p.judgments.map((judgment) => ({ judgment, text: properties[p.name]?.description ?? "" })),
        ),
      ];
      for (const { judgment, text } of readings) {
        const brief = judgmentBrief(judgment);
        expect(brief, tool.fullName).not.toMatch(/\btoolcat\b/i);
        // One sentence, short: the rest of the judgment is for the README, not for a model.
        expect(brief, brief).not.toMatch(/\.\s/);
        expect(brief.length, brief).toBeLessThanOrEqual(120);
        expect(text, tool.fullName).toContain(brief);
        expect(text, tool.fullName).not.toMatch(/\btoolcat\b/i);
      }
    }
  });
});

describe("provider formats", () => {
  it(
    "Anthropic tools have name, description, an object input_schema with nothing at the top level it rejects, and " +
      "input_examples only when there are some",
    () => {
      for (const { model } of pairs) {
        const tool = anthropicTool(model);
        expect(Object.keys(tool).sort()).toEqual([
          "description",
          ...(model.examples.length > 0 ? ["input_examples"] : []),
          "input_schema",
          "name",
        ]);
        expect(tool.input_examples ?? [], model.name).toEqual(model.examples);
        expect(tool.input_schema["type"]).toBe("object");
        for (const keyword of ["allOf", "anyOf", "oneOf", "$schema"])
          expect(tool.input_schema).not.toHaveProperty(keyword);
      }
    },
  );

  it("OpenAI ships a reason for every non-strict tool", () => {
    for (const { tool, model } of pairs) {
      const chat = openAiChatTool(model);
      expect(chat.function.strict, tool.fullName).toBe(openAiNonStrictReason(model) === undefined);
      if (tool.parameters.kind === "not-shown") expect(openAiNonStrictReason(model)).toMatch(/does not show/);
    }
  });

  it("MCP tools carry hints only where the catalog states them", () => {
    const names = {
      readOnly: "readOnlyHint",
      destructive: "destructiveHint",
      idempotent: "idempotentHint",
      openWorld: "openWorldHint",
    } as const;
    for (const { tool, model } of pairs) {
      const mcp = mcpTool(model);
      expect(mcp).toMatchObject({ name: model.name, title: model.title, inputSchema: executeView(model.inputSchema) });
      const expected = Object.fromEntries(
        Object.entries(tool.annotations).map(([key, value]) => [names[key as keyof typeof names], value]),
      );
      expect(mcp.annotations ?? {}, tool.fullName).toEqual(expected);
    }
    expect(pairs.some(({ tool }) => Object.keys(tool.annotations).length > 0)).toBe(true);
    expect(mcpTool({ ...pairs[0]!.model, annotations: {} })).not.toHaveProperty("annotations");
  });

  it("titles split the tool name into words", () => {
    expect(
      modelTool(pairs[0]!.server, { ...pairs[0]!.tool, name: "GetOpenAPISpecification" }, catalog.rules.toolMode).title,
    ).toBe("Get Open API Specification");
  });
});
