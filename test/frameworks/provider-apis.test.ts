// The provider SDKs on their own (openai 7 Chat Completions and Responses, @anthropic-ai/sdk
// Messages) with a scripted endpoint: the model asks for one valid and one invalid call, the loop
// answers both through handleToolCall, and the next request carries the tool's value for the first
// and the package's issue, flagged as an error where the API has the notion, for the second.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import anthropicJson from "../../packages/cloud-sheets/tools/anthropic.json" with { type: "json" };
import {
  invalid,
  invalidText,
  modes,
  scenario,
  scriptedFetch,
  sent,
  sheets,
  toolName,
  valid,
  valueText,
} from "./support/scenario.ts";

const calls = (mode: (typeof modes)[number]) =>
  [sent(valid, mode), sent(invalid, mode)].map((args, i) => ({ id: `call_${i}`, args }));

describe.each(modes)("OpenAI Chat Completions, %s", (mode) => {
  it("answers the valid call with the value and the invalid one with the package's issue", async () => {
    const { client, received } = scenario();
    const requests: Record<string, unknown>[] = [];
    const toolCalls = calls(mode).map(({ id, args }) => ({
      id,
      type: "function",
      function: { name: toolName, arguments: JSON.stringify(args) },
    }));
    const fetch = scriptedFetch(
      requests,
      {
        id: "c1",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [
          {
            index: 0,
            finish_reason: "tool_calls",
            message: { role: "assistant", content: null, tool_calls: toolCalls },
          },
        ],
      },
      {
        id: "c2",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Ada, 36." } }],
      },
    );
    const openai = new OpenAI({ apiKey: "sk-test", fetch });
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "What is in sheet-1?" }];
    for (let turns = 5, done = false; !done && turns-- > 0;) {
      const { message } = (
        await openai.chat.completions.create({ model: "m", messages, tools: sheets.selectTools("sheet") })
      ).choices[0]!;
      messages.push(message);
      done = !message.tool_calls?.length;
      for (const call of message.tool_calls ?? []) {
        if (call.type === "function") {
          messages.push({
            role: "tool",
            tool_call_id: call.id,
            content: await handleText(client, call.function.name, call.function.arguments),
          });
        }
      }
    }
    expect(received).toEqual([valid]);
    const sentTool = (requests[0]!["tools"] as { function: { name: string; strict: boolean } }[]).find(
      (t) => t.function.name === toolName,
    );
    expect(sentTool?.function.strict).toBe(true);
    expect(requests[1]!["messages"]).toEqual(
      expect.arrayContaining([
        { role: "tool", tool_call_id: "call_0", content: valueText },
        { role: "tool", tool_call_id: "call_1", content: expect.stringMatching(invalidText) },
      ]),
    );
  });
});

async function handleText(client: ReturnType<typeof scenario>["client"], name: string, args: unknown): Promise<string> {
  return (await sheets.handleToolCall(client, name, args)).content[0].text;
}

describe.each(modes)("OpenAI Responses, %s", (mode) => {
  it("sends function_call_output items: the value, and the package's issue", async () => {
    const { client, received } = scenario();
    const requests: Record<string, unknown>[] = [];
    const output = calls(mode).map(({ id, args }) => ({
      type: "function_call",
      id: `fc_${id}`,
      call_id: id,
      name: toolName,
      arguments: JSON.stringify(args),
      status: "completed",
    }));
    const response = (id: string, items: unknown[]) => ({
      id,
      object: "response",
      created_at: 0,
      model: "m",
      status: "completed",
      output: items,
    });
    const fetch = scriptedFetch(
      requests,
      response("resp_1", output),
      response("resp_2", [
        {
          type: "message",
          id: "m",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Ada, 36.", annotations: [] }],
        },
      ]),
    );
    const openai = new OpenAI({ apiKey: "sk-test", fetch });
    const tools = sheets.selectTools("sheet").map((t) => ({
      type: "function" as const,
      ...t.function,
      strict: mode === "strict" && t.function.strict === true,
    }));
    let input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "What is in sheet-1?" }];
    for (let reply = await openai.responses.create({ model: "m", input, tools }); ;) {
      const fnCalls = reply.output.filter((o) => o.type === "function_call");
      if (fnCalls.length === 0) break;
      input = [
        ...input,
        ...fnCalls,
        ...(await Promise.all(
          fnCalls.map(async (c) => ({
            type: "function_call_output" as const,
            call_id: c.call_id,
            output: await handleText(client, c.name, c.arguments),
          })),
        )),
      ];
      reply = await openai.responses.create({ model: "m", input, tools });
    }
    expect(received).toEqual([valid]);
    expect(requests[1]!["input"]).toEqual(
      expect.arrayContaining([
        { type: "function_call_output", call_id: "call_0", output: valueText },
        { type: "function_call_output", call_id: "call_1", output: expect.stringMatching(invalidText) },
      ]),
    );
  });
});

describe("Anthropic Messages", () => {
  it("sends tool_result blocks: the value, and the package's issue with is_error", async () => {
    const { client, received } = scenario();
    const requests: Record<string, unknown>[] = [];
    const content = calls("non-strict").map(({ id, args }) => ({ type: "tool_use", id, name: toolName, input: args }));
    const message = (id: string, stop: string, blocks: unknown[]) => ({
      id,
      type: "message",
      role: "assistant",
      model: "m",
      stop_reason: stop,
      content: blocks,
      usage: { input_tokens: 1, output_tokens: 1 },
    });
    const fetch = scriptedFetch(
      requests,
      message("msg_1", "tool_use", content),
      message("msg_2", "end_turn", [{ type: "text", text: "Ada, 36." }]),
    );
    const anthropic = new Anthropic({ apiKey: "sk-ant-test", fetch });
    // The JSON import widens `type: "object"` to string; the typed tool-file exports are item 5.
    const tools = anthropicJson as Anthropic.Tool[];
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "What is in sheet-1?" }];
    const ask = () => anthropic.messages.create({ model: "m", max_tokens: 1024, messages, tools });
    for (let reply = await ask(); reply.stop_reason === "tool_use"; reply = await ask()) {
      const results: Anthropic.ToolResultBlockParam[] = [];
      for (const block of reply.content) {
        if (block.type !== "tool_use") continue;
        const result = await sheets.handleToolCall(client, block.name, block.input);
        results.push({
          type: "tool_result",
          tool_use_id: block.id,
          content: result.content[0].text,
          is_error: result.isError,
        });
      }
      messages.push({ role: "assistant", content: reply.content }, { role: "user", content: results });
    }
    expect(received).toEqual([valid]);
    expect((requests[1]!["messages"] as unknown[])[2]).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "call_0", content: valueText, is_error: false },
        { type: "tool_result", tool_use_id: "call_1", content: expect.stringMatching(invalidText), is_error: true },
      ],
    });
  });
});
