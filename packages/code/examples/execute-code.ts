// A complete code-mode loop with the AI SDK: the model gets one tool, `execute_code`, whose
// description is the packages' declarations; it writes one program that makes several tool calls,
// and runCode type-checks and runs it. The README's "Code mode" walkthrough shows this file.
import { generateText, stepCountIs, tool, type LanguageModel } from "ai";
import { z } from "zod";
import * as sheets from "@toolcat/cloud-sheets";
import { codeDeclarations, runCode } from "@toolcat/code";
import type { ClientOptions } from "@toolcat/runtime";

const packages = [sheets];

export function executeCodeTool(caller: ClientOptions) {
  return tool({
    description:
      "Run a TypeScript program (the body of an async function: use await, return the result, console.log to " +
      `report). It can call only these functions:\n${codeDeclarations(packages)}`,
    inputSchema: z.object({ code: z.string().describe("The program") }),
    // Type errors, tool failures and limits come back as a result the model can read and fix.
    execute: ({ code }, { abortSignal }) =>
      runCode(code, { packages, caller, limits: { wallMs: 20_000 }, ...(abortSignal && { signal: abortSignal }) }),
  });
}

/** One multi-step task (read two sheets, write a total) done in a single `execute_code` call. */
export async function totalToCell(model: LanguageModel, caller: ClientOptions): Promise<string> {
  const { text } = await generateText({
    model,
    tools: { execute_code: executeCodeTool(caller) },
    stopWhen: stepCountIs(4),
    prompt: "Add the B2 values of spreadsheets q1 and q2 and write the total into C2 of spreadsheet summary.",
  });
  return text;
}
