// @openai/agents 0.20 with its OpenAI Chat Completions model over a scripted endpoint: the agent
// runs the model's two calls and sends the outputs back. Strict: the tool takes the strict form of
// the package's schema; non-strict: the shipped Responses function's parameters. Either way the
// model reads the tool's value for the valid call and the package's issue for the invalid one.
import { Agent, OpenAIChatCompletionsModel, run, setTracingDisabled, tool } from "@openai/agents";
import { strictStandardSchema } from "@toolcat/runtime";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { catalogTools } from "./support/catalog.ts";
import { invalid, invalidText, modes, scenario, scriptedFetch, sent, sheets, toolName, valid, valueText, type Mode } from "./support/scenario.ts";

setTracingDisabled(true);
const shipped = new Map((await catalogTools()).filter((t) => t.pkg.slug === "cloud-sheets").map((t) => [t.tool.name, t.responses]));

/**
 * The tool's JSON Schema as the agent sends it (strict: the strict form, whose nulls the agent drops
 * before execute). The Standard Schema is not used for the check: the agent hides a failed check's
 * issues from the model by default (it answers "Invalid JSON input for tool"), so the package's
 * validator runs in handleToolCall, whose message the model reads.
 */
function agentTools(client: ReturnType<typeof scenario>["client"], mode: Mode) {
  return sheets.manifest.tools.map((t) => tool({
    name: t.modelName,
    description: t.modelDescription,
    parameters: (mode === "strict"
      ? strictStandardSchema(sheets.schemaOf(t.name))["~standard"].jsonSchema.input({ target: "draft-2020-12" })
      : shipped.get(t.name)!.parameters) as never,
    strict: mode === "strict",
    execute: async (args: unknown) => (await sheets.handleToolCall(client, t.name, args)).content[0].text,
  }));
}

describe.each(modes)("@openai/agents, %s", (mode) => {
  it("runs both calls and sends the value and the package's issue back", async () => {
    const { client, received } = scenario();
    const requests: Record<string, unknown>[] = [];
    const toolCalls = [sent(valid, mode), sent(invalid, mode)].map((args, i) => ({ id: `call_${i}`, type: "function", function: { name: toolName, arguments: JSON.stringify(args) } }));
    const fetch = scriptedFetch(
      requests,
      { id: "c1", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: toolCalls } }] },
      { id: "c2", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Ada, 36." } }] },
    );
    const model = new OpenAIChatCompletionsModel(new OpenAI({ apiKey: "sk-test", fetch }), "m");
    const agent = new Agent({ name: "sheets", instructions: "Answer from the sheet.", model, tools: agentTools(client, mode) });
    const result = await run(agent, "What is in sheet-1?");
    expect(result.finalOutput).toBe("Ada, 36.");
    expect(received).toEqual([valid]);
    const sentTool = (requests[0]!["tools"] as { function: { name: string; strict: boolean } }[]).find((t) => t.function.name === toolName);
    expect(sentTool?.function.strict).toBe(mode === "strict");
    const toolMessages = (requests[1]!["messages"] as { role: string }[]).filter((m) => m.role === "tool");
    expect(toolMessages).toEqual([
      { role: "tool", tool_call_id: "call_0", content: valueText },
      { role: "tool", tool_call_id: "call_1", content: expect.stringMatching(invalidText) },
    ]);
  });
});
