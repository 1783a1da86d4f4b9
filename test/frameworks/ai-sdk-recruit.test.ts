// AI SDK 7 over recruit-api, a package past OpenAI's 128 tools a request, as its README's "Vercel
// AI SDK" example builds it: every tool defined, and `prepareToolSearch({ limit: 20 })` as the
// `prepareStep`, so each step sends only the tools already called and the best matches for the
// latest user message. A scripted model checks what each step was sent.
import { readFileSync } from "node:fs";
import { generateText, jsonSchema, stepCountIs, tool, type ModelMessage } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { createMemoryTransport } from "@toolcat/runtime";
import * as recruit from "../../packages/recruit-api/src/index.ts";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const stop = {
  content: [{ type: "text" as const, text: "Done." }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: [],
};
const toolCall = (toolName: string, input: unknown) => ({
  content: [{ type: "tool-call" as const, toolCallId: "call_0", toolName, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls" as const, raw: undefined },
  usage,
  warnings: [],
});

const received: unknown[] = [];
const client = recruit.createRecruitApiClient({
  secrets: { RECRUIT_API_KEY: "test-key" },
  env: false,
  transport: createMemoryTransport({
    "RecruitApi.ListJobOpenings": (input) => (received.push(input), { openings: [{ id: "opening_8991" }] }),
  }),
});
// The README's tools: every manifest tool, checked by handleToolCall in execute.
const tools = Object.fromEntries(
  recruit.manifest.tools.map((t) => [
    t.modelName,
    tool({
      description: t.modelDescription,
      inputSchema: jsonSchema(t.inputSchema),
      execute: async (args) => {
        const result = await recruit.handleToolCall(client, t.name, args);
        if (result.isError) throw new Error(result.content[0].text);
        return result.structuredContent ?? result.content[0].text;
      },
    }),
  ]),
);

const sentNames = (model: MockLanguageModelV4, step: number) =>
  (model.doGenerateCalls[step]!.tools ?? []).map((t) => t.name);

describe("AI SDK over recruit-api's 141 tools, re-selected each step", () => {
  it("runs what the package README's example runs", () => {
    const readme = readFileSync(new URL("../../packages/recruit-api/README.md", import.meta.url), "utf8");
    const example = /### Vercel AI SDK\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(example).toContain("const tools = Object.fromEntries(manifest.tools.map((t) => [t.modelName, tool({");
    expect(example).toContain(
      "await generateText({ model, tools, prepareStep: prepareToolSearch({ limit: 20 }), stopWhen: " +
        "stepCountIs(5), prompt });",
    );
  });

  it("defines every tool but sends each step at most 20 plus the ones already called", async () => {
    expect(Object.keys(tools).length).toBeGreaterThan(128);
    const model = new MockLanguageModelV4({ doGenerate: [toolCall("RecruitApi_ListJobOpenings", {}), stop] });
    const { text, steps } = await generateText({
      model,
      tools,
      prepareStep: recruit.prepareToolSearch({ limit: 20 }),
      stopWhen: stepCountIs(3),
      prompt: "list the job openings",
    });
    expect({ text, steps: steps.length }).toEqual({ text: "Done.", steps: 2 });
    expect(
      steps[0]!.content.filter((part) => part.type !== "tool-call"),
      JSON.stringify(steps[0]!.content),
    ).toMatchObject([{ type: "tool-result" }]);
    expect(received).toEqual([{}]);
    for (const step of [0, 1]) expect(sentNames(model, step).length).toBeLessThanOrEqual(21);
    expect(sentNames(model, 0)).toContain("RecruitApi_ListJobOpenings");
    expect(sentNames(model, 1)).toContain("RecruitApi_ListJobOpenings");
  });

  it("follows the conversation: a later user message brings the tools it needs, the called ones stay", async () => {
    const messages: ModelMessage[] = [
      { role: "user", content: "list the job openings" },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "call_0", toolName: "RecruitApi_ListJobOpenings", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "call_0",
            toolName: "RecruitApi_ListJobOpenings",
            output: { type: "json", value: { openings: [] } },
          },
        ],
      },
      { role: "user", content: "now add a note to the candidate" },
    ];
    const model = new MockLanguageModelV4({ doGenerate: [stop] });
    await generateText({ model, tools, prepareStep: recruit.prepareToolSearch({ limit: 20 }), messages });
    const sent = sentNames(model, 0);
    expect(sent).toContain("RecruitApi_CreateCandidateNote");
    expect(sent).toContain("RecruitApi_ListJobOpenings");
    // What a selection made once from the first message would have sent instead.
    expect(recruit.selectTools("list the job openings").map((t) => t.function.name)).not.toContain(
      "RecruitApi_CreateCandidateNote",
    );
  });
});
