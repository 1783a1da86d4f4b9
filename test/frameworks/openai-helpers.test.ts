// openai 7's standard-schema helpers: `standardFunction` with the package's strict Standard Schema,
// run by `chat.completions.runTools` over a scripted endpoint. The helper checks the arguments with
// the package's validator (after dropping the strict nulls) and runs the function with the parsed
// input; the invalid call goes back to the model as the package's issue.
import { strictStandardSchema } from "@toolcat/runtime";
import OpenAI from "openai";
import { standardFunction } from "openai/helpers/standard-schema";
import { describe, expect, it } from "vitest";
import {
  invalid,
  issueText,
  scenario,
  scriptedFetch,
  sent,
  sheets,
  toolName,
  valid,
  valueText,
} from "./support/scenario.ts";

describe("openai 7 standardFunction with runTools, strict", () => {
  it("runs the valid call with the parsed input and answers the invalid one with the package's issue", async () => {
    const { client, received } = scenario();
    const requests: Record<string, unknown>[] = [];
    const toolCalls = [sent(valid, "strict"), sent(invalid, "strict")].map((args, i) => ({
      id: `call_${i}`,
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
    const tools = sheets.manifest.tools.map((t) =>
      standardFunction({
        name: t.modelName,
        description: t.modelDescription,
        parameters: strictStandardSchema(sheets.schemaOf(t.name)),
        function: async (args) => (await sheets.handleToolCall(client, t.name, args)).content[0].text,
      }),
    );
    const runner = new OpenAI({ apiKey: "sk-test", fetch }).chat.completions.runTools({
      model: "m",
      messages: [{ role: "user", content: "What is in sheet-1?" }],
      tools,
    });
    expect(await runner.finalContent()).toBe("Ada, 36.");
    expect(received).toEqual([valid]);
    const toolMessages = (requests[1]!["messages"] as { role: string }[]).filter((m) => m.role === "tool");
    expect(toolMessages).toEqual([
      { role: "tool", tool_call_id: "call_0", content: valueText },
      { role: "tool", tool_call_id: "call_1", content: expect.stringMatching(issueText) },
    ]);
  });
});
