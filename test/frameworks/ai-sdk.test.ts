// AI SDK 7: generateText with a scripted model over two steps. The tools are built as the README
// builds them: the shipped Chat Completions functions (strict where the tool allows it) as plain
// JSON Schema, so the AI SDK does not check the arguments itself (its own check's error repeats
// them, secrets included), and `execute` answering with the tool's value or failing with the
// package's (redacted) text: the model reads the value alone, and the invalid call as a tool error
// carrying the package's issue.
import chatTools from "@toolcat/cloud-sheets/tools/openai-chat.json" with { type: "json" };
import { asSchema, generateText, jsonSchema, stepCountIs, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, expectTypeOf, it } from "vitest";
import { invalid, invalidText, modes, scenario, sent, sheets, toolName, valid, value } from "./support/scenario.ts";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

describe.each(modes)("AI SDK, %s", (mode) => {
  it(
    "sends the value back for the valid call and a tool " + "error with the package's issue for the invalid one",
    async () => {
      const { client, received } = scenario();
      const model = new MockLanguageModelV4({
        doGenerate: [
          {
            content: [sent(valid, mode), sent(invalid, mode)].map((args, i) => ({
              type: "tool-call" as const,
              toolCallId: `call_${i}`,
              toolName,
              input: JSON.stringify(args),
            })),
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          },
          {
            content: [{ type: "text", text: "Ada, 36." }],
            finishReason: { unified: "stop", raw: undefined },
            usage,
            warnings: [],
          },
        ],
      });
      const tools = Object.fromEntries(
        chatTools.map(({ function: f }) => [
          f.name,
          tool({
            description: f.description,
            inputSchema: jsonSchema(
              mode === "strict" ? f.parameters : sheets.manifest.tools.find((t) => t.modelName === f.name)!.inputSchema,
            ),
            strict: mode === "strict" && f.strict,
            execute: async (args) => {
              const result = await sheets.handleToolCall(client, f.name, args);
              if (result.isError) throw new Error(result.content[0].text);
              return result.structuredContent ?? result.content[0].text;
            },
          }),
        ]),
      );
      const { text, steps } = await generateText({
        model,
        tools,
        stopWhen: stepCountIs(3),
        prompt: "What is in sheet-1?",
      });
      expect({ text, steps: steps.length }).toEqual({ text: "Ada, 36.", steps: 2 });
      expect(received).toEqual([valid]);
      const parts = model.doGenerateCalls[1]!.prompt.filter((m) => m.role === "tool").flatMap((m) => m.content);
      expect(parts).toMatchObject([
        { toolCallId: "call_0", output: { type: "json", value } },
        { toolCallId: "call_1", output: { type: "error-text", value: expect.stringMatching(invalidText) } },
      ]);
      const sentTool = model.doGenerateCalls[0]!.tools!.find((t) => t.name === toolName);
      expect(sentTool).toMatchObject({ strict: mode === "strict", inputSchema: { additionalProperties: false } });
      const required = (sentTool as { inputSchema: { required: string[]; properties: object } }).inputSchema;
      expect(required.required.length === Object.keys(required.properties).length).toBe(mode === "strict");
    },
  );
});

describe("AI SDK reads a package Standard Schema", () => {
  it(
    "is taken by the AI SDK's tool() as it is: draft-07 " + "JSON Schema for the model, our validator for the input",
    async () => {
      const getSheet = tool({
        description: "read",
        inputSchema: sheets.getSpreadsheetSchema,
        execute: async (input) => input.spreadsheet_id,
      });
      expectTypeOf(getSheet.execute).parameter(0).toEqualTypeOf<sheets.GetSpreadsheetInput>();
      const schema = asSchema(getSheet.inputSchema);
      expect(await schema.jsonSchema).toMatchObject({
        $schema: "http://json-schema.org/draft-07/schema#",
        required: ["spreadsheet_id"],
      });
      expect(await schema.validate?.({ spreadsheet_id: "s", max_rows: 2 })).toEqual({
        success: true,
        value: { spreadsheet_id: "s", max_rows: 2 },
      });
      const rejected = await schema.validate?.({ spreadsheet_id: "s", max_rows: 5000 });
      expect(rejected?.success).toBe(false);
    },
  );
});
