// Section 8, code mode: tokens of the code-mode declarations against the OpenAI Chat tool files
// (o200k, per server and catalog-wide), the tokens of one 5-call task done by direct tool calls
// and by one program, and (in child processes) type-check latency, sandbox start, per-call overhead,
// and RSS over a 500-program mixed run.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { timeNodeOk, workspaceRoot } from "./measure.ts";

export interface CodeResult {
  readonly servers: readonly {
    readonly slug: string;
    readonly declarationTokens: number;
    readonly openAiChatTokens: number;
  }[];
  readonly declarationTokens: number;
  readonly openAiChatTokens: number;
  readonly ratio: number;
  readonly task: { readonly directTokens: number; readonly codeTokens: number };
  readonly coldCheckMs: number;
  readonly checkMs: number;
  readonly sandboxStartMs: number;
  readonly workerStartMs: number;
  readonly perCallOverheadUs: number;
  readonly memory: CodeMemory;
}

/**
 * RSS and the host's JS heap (MB) over 500 programs, one in five hostile and one in five a type error
 * (tools/bench/child/code-memory.ts).
 */
export interface CodeMemory {
  readonly programs: number;
  readonly idleMb: number;
  readonly peakMb: number;
  readonly finalMb: number;
  readonly heapIdleMb: number;
  readonly heapFinalMb: number;
  /**
   * Idle is ready: after one ordinary program (the checker thread warm, a worker ready). Then the level every 50
   * programs, the pool settled and the host's heap collected.
   */
  readonly levels: readonly { readonly programs: number; readonly rssMb: number; readonly heapMb: number }[];
  readonly wallMs: number;
}

const read = (path: string): string => readFileSync(join(workspaceRoot, path), "utf8");

/**
 * A package's OpenAI Chat tools: its whole-package file, or its group files where it ships no whole one (over 128
 * tools).
 */
function openAiChatText(slug: string): string {
  const whole = `packages/${slug}/tools/openai-chat.json`;
  if (existsSync(join(workspaceRoot, whole))) return read(whole);
  const groups = readdirSync(join(workspaceRoot, "packages", slug, "tools/groups")).sort();
  return groups.map((group) => read(`packages/${slug}/tools/groups/${group}/openai-chat.json`)).join("\n");
}

function tokenCounts(): Pick<CodeResult, "servers" | "declarationTokens" | "openAiChatTokens" | "ratio"> {
  const servers = readdirSync(join(workspaceRoot, "packages"))
    .filter((slug) => existsSync(join(workspaceRoot, "packages", slug, "code/api.d.ts")))
    .sort()
    .map((slug) => ({
      slug,
      declarationTokens: countTokens(read(`packages/${slug}/code/api.d.ts`)),
      openAiChatTokens: countTokens(openAiChatText(slug)),
    }));
  const declarationTokens = servers.reduce((sum, s) => sum + s.declarationTokens, 0);
  const openAiChatTokens = servers.reduce((sum, s) => sum + s.openAiChatTokens, 0);
  return { servers, declarationTokens, openAiChatTokens, ratio: declarationTokens / openAiChatTokens };
}

/**
 * One task, "add B2 of sheets q1–q4 and write the total to summary!C2": four reads and a write.
 * Direct: three requests (four parallel reads, the write, the answer), each resending the tool list
 * and the conversation so far. Code: two requests (the program, the answer) with one tool.
 */
function taskTokens(declarations: string): CodeResult["task"] {
  const prompt =
    "Add the B2 values of spreadsheets q1, q2, q3 and q4 and write the total into C2 of spreadsheet summary.";
  const answer = "The total is 100; it is in C2 of summary.";
  const readCall = (id: string) => ({
    name: "CloudSheets_GetSpreadsheet",
    arguments: JSON.stringify({ spreadsheet_id: id, start_row: 2, start_col: "B", max_rows: 1, max_cols: 1 }),
  });
  const result = (value: number) => JSON.stringify({ range: "Sheet1!B2", values: [[value]] });
  const reads = ["q1", "q2", "q3", "q4"].map((id, i) => [JSON.stringify(readCall(id)), result(10 + i * 10)] as const);
  const write = [
    JSON.stringify({
      name: "CloudSheets_WriteToCell",
      arguments: JSON.stringify({ spreadsheet_id: "summary", column: "C", row: 2, value: "100" }),
    }),
    JSON.stringify({ updated: "Sheet1!C2" }),
  ] as const;
  const tools = countTokens(read("packages/cloud-sheets/tools/openai-chat.json"));
  const t = (text: string): number => countTokens(text);
  const step1Out = reads.reduce((sum, [call]) => sum + t(call), 0);
  const step1Results = reads.reduce((sum, [, res]) => sum + t(res), 0);
  const directIn = 3 * (tools + t(prompt)) + (step1Out + step1Results) * 2 + t(write[0]) + t(write[1]);
  const directTokens = directIn + step1Out + t(write[0]) + t(answer);

  const program = [
    'const ids = ["q1", "q2", "q3", "q4"];',
    "const cells = await Promise.all(ids.map((id) => CloudSheets.getSpreadsheet({ spreadsheet_id: id, start_row: " +
      '2, start_col: "B", max_rows: 1, max_cols: 1 }))) as { values: number[][] }[];',
    "const total = cells.reduce((sum, c) => sum + c.values[0]![0]!, 0);",
    'await CloudSheets.writeToCell({ spreadsheet_id: "summary", column: "C", row: 2, value: String(total) });',
    "return { total };",
  ].join("\n");
  const codeTool = JSON.stringify({
    type: "function",
    function: {
      name: "execute_code",
      description: `Run a TypeScript program. It can call only these functions:\n${declarations}`,
      parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
    },
  });
  const call = JSON.stringify({ name: "execute_code", arguments: JSON.stringify({ code: program }) });
  const outcome = JSON.stringify({
    ok: true,
    value: { total: 100 },
    logs: [],
    calls: [...Array(5)].map((_, i) => ({
      name: i < 4 ? "CloudSheets.GetSpreadsheet" : "CloudSheets.WriteToCell",
      ok: true,
      ms: 40,
    })),
  });
  const codeIn = 2 * (t(codeTool) + t(prompt)) + t(call) + t(outcome);
  return { directTokens, codeTokens: codeIn + t(call) + t(answer) };
}

export function benchCode(): CodeResult {
  const run = timeNodeOk(["--import", "tsx", "tools/bench/child/code.ts", workspaceRoot]);
  const timings = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as Pick<
    CodeResult,
    "coldCheckMs" | "checkMs" | "sandboxStartMs" | "workerStartMs" | "perCallOverheadUs"
  > & {
    readonly declarations: string;
  };
  return {
    ...tokenCounts(),
    task: taskTokens(timings.declarations),
    coldCheckMs: timings.coldCheckMs,
    checkMs: timings.checkMs,
    sandboxStartMs: timings.sandboxStartMs,
    workerStartMs: timings.workerStartMs,
    perCallOverheadUs: timings.perCallOverheadUs,
    memory: benchCodeMemory(),
  };
}

/** RSS over a 500-program mixed run, in a process of its own (a full collection of its heap is allowed there). */
export function benchCodeMemory(): CodeMemory {
  const run = timeNodeOk(["--expose-gc", "--import", "tsx", "tools/bench/child/code-memory.ts", workspaceRoot]);
  return JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as CodeMemory;
}
