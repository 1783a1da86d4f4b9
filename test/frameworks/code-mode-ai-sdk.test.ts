// The README's AI SDK walkthrough, run: a scripted model writes one program that reads two sheets
// and writes a total; the program type-checks, makes three calls, and the model reads the result.
import { MockLanguageModelV4 } from "ai/test";
import { createInMemoryTransport } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { totalToCell } from "../../packages/code/examples/execute-code.ts";

const program = `const [q1, q2] = await Promise.all([
  CloudSheets.getSpreadsheet({ spreadsheet_id: "q1", start_row: 2, start_col: "B", max_rows: 1, max_cols: 1 }),
  CloudSheets.getSpreadsheet({ spreadsheet_id: "q2", start_row: 2, start_col: "B", max_rows: 1, max_cols: 1 }),
]) as { value: number }[];
const total = q1!.value + q2!.value;
await CloudSheets.writeToCell({ spreadsheet_id: "summary", column: "C", row: 2, value: String(total) });
return { total };`;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

describe("execute_code with the AI SDK", () => {
  it("does a multi-step task in one call", async () => {
    const written: unknown[] = [];
    const transport = createInMemoryTransport({
      "CloudSheets.GetSpreadsheet": (input: { spreadsheet_id: string }) => ({
        value: input.spreadsheet_id === "q1" ? 40 : 2,
      }),
      "CloudSheets.WriteToCell": (input: unknown) => (written.push(input), { ok: true }),
    } as never);
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [
            {
              type: "tool-call",
              toolCallId: "call_0",
              toolName: "execute_code",
              input: JSON.stringify({ code: program }),
            },
          ],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: "text", text: "The total is 42." }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        },
      ],
    });
    expect(await totalToCell(model, { transport, env: false })).toBe("The total is 42.");
    expect(written).toEqual([{ spreadsheet_id: "summary", column: "C", row: 2, value: "42" }]);
    const description = model.doGenerateCalls[0]?.tools?.[0];
    expect(JSON.stringify(description)).toContain("function getSpreadsheet(input: {");
    const toolMessage = JSON.stringify(model.doGenerateCalls[1]?.prompt.filter((m) => m.role === "tool"));
    expect(toolMessage).toContain('"value":{"ok":true,"value":{"total":42}');
  });
});
