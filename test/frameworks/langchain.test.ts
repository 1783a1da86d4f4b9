// LangChain core 1.4 tools, alone and in LangGraph 1.7's ToolNode, with a scripted chat model. The
// tools are built as the README builds them: the package's Standard Schema as the schema, typed for
// LangChain by langChainSchema (LangChain gives the model its JSON Schema and leaves the check to
// the tool), and a ToolMessage whose status
// says whether the package's call failed. So the invalid call reaches the model as the package's
// issue with status "error", never as LangChain's "did not match expected schema", and running the
// calls with Promise.all does not throw on the first failure.
import { AIMessage, AIMessageChunk, ToolMessage } from "@langchain/core/messages";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { langChainSchema, strictStandardSchema } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import {
  invalid,
  invalidText,
  modes,
  scenario,
  sent,
  sheets,
  toolName,
  valid,
  valueText,
  type Mode,
} from "./support/scenario.ts";

function sheetTools(client: ReturnType<typeof scenario>["client"], mode: Mode): StructuredToolInterface[] {
  return sheets.manifest.tools.map((t) =>
    tool(
      async (args: unknown, config) => {
        const result = await sheets.handleToolCall(client, t.name, args);
        return new ToolMessage({
          content: result.content[0].text,
          tool_call_id: config.toolCall?.id ?? "",
          status: result.isError ? "error" : "success",
        });
      },
      {
        name: t.modelName,
        description: t.modelDescription,
        schema: langChainSchema(
          mode === "strict" ? strictStandardSchema(sheets.schemaOf(t.name)) : sheets.schemaOf(t.name),
        ),
      },
    ),
  );
}

const toolCalls = (mode: Mode) =>
  [sent(valid, mode), sent(invalid, mode)].map((args, i) => ({
    id: `call_${i}`,
    name: toolName,
    args,
    type: "tool_call" as const,
  }));

const expected = [
  { tool_call_id: "call_0", content: valueText, status: "success" },
  { tool_call_id: "call_1", content: expect.stringMatching(invalidText), status: "error" },
];

describe.each(modes)("LangChain, %s", (mode) => {
  it("core tools: Promise.all over the model's calls gives one ToolMessage per call", async () => {
    const { client, received } = scenario();
    const tools = sheetTools(client, mode);
    const model = new FakeStreamingChatModel({
      chunks: [new AIMessageChunk({ content: "", tool_calls: toolCalls(mode) })],
    });
    const reply = await model.bindTools(tools).invoke("What is in sheet-1?");
    const results = await Promise.all(
      reply.tool_calls!.map((call) => tools.find((t) => t.name === call.name)!.invoke(call)),
    );
    expect(received).toEqual([valid]);
    expect(
      results.map((m: ToolMessage) => ({ tool_call_id: m.tool_call_id, content: m.content, status: m.status })),
    ).toEqual(expected);
  });

  it("LangGraph ToolNode answers both calls with the same messages", async () => {
    const { client, received } = scenario();
    const node = new ToolNode(sheetTools(client, mode));
    const { messages } = (await node.invoke({
      messages: [new AIMessage({ content: "", tool_calls: toolCalls(mode) })],
    })) as { messages: ToolMessage[] };
    expect(received).toEqual([valid]);
    expect(messages.map((m) => ({ tool_call_id: m.tool_call_id, content: m.content, status: m.status }))).toEqual(
      expected,
    );
  });

  it("gives the model the package's JSON Schema", () => {
    const { client } = scenario();
    const [first] = sheetTools(client, mode);
    const schema = sheets.schemaOf(sheets.manifest.tools[0]!.name);
    const expectedSchema = (mode === "strict" ? strictStandardSchema(schema) : schema)["~standard"].jsonSchema.input({
      target: "draft-07",
    });
    expect(convertToOpenAITool(first!).function.parameters).toEqual(expectedSchema);
  });
});
