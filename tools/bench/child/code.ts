// Code mode, measured in one process (`node --import tsx child/code.ts <root>`): warm type check of a
// 50-line program, sandbox start (and a worker's cold start), per-call overhead inside the sandbox against direct
// client calls, and the declarations text a model reads. Prints one JSON object. The runner and the package come
// from their built dist/, what consumers install.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [root = "."] = process.argv.slice(2);
const load = (path: string): Promise<Record<string, unknown>> =>
  import(pathToFileURL(join(root, path)).href) as Promise<Record<string, unknown>>;

interface Result {
  readonly ok: boolean;
  readonly error?: { readonly message: string };
}
type RunCode = (
  source: string,
  options: { packages: unknown[]; caller: unknown; limits?: Record<string, number> },
) => Promise<Result>;

const code = await load("packages/code/dist/index.js");
const check = await load("packages/code/dist/check.js");
const session = await load("packages/code/dist/session.js");
const pool = await load("packages/code/dist/pool.js");
const typecheck = await load("packages/code/dist/typecheck.js");
const sheets = await load("packages/cloud-sheets/dist/index.js");
const runtime = await load("packages/runtime/dist/index.js");
const runCode = code["runCode"] as RunCode;

const transport = (runtime["createInMemoryTransport"] as (handlers: unknown) => unknown)({
  "CloudSheets.GetSpreadsheet": (input: { spreadsheet_id: string }) => ({
    id: input.spreadsheet_id,
    values: [[1, 2, 3]],
  }),
});
const caller = { transport, env: false };
const packages = [sheets];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timeEachAsync(runs: number, run: (index: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await run(index);
    times.push(performance.now() - start);
  }
  return times;
}

/** A 50-line program: reads, loops, a helper, arithmetic; each run differs so nothing is cached by text. */
function fiftyLines(variant: number): string {
  const lines = [`const ids = ["a${variant}", "b", "c"];`, "const totals: Record<string, number> = {};"];
  for (let i = 0; lines.length < 44; i++) {
    lines.push(
      `const sheet${i} = await CloudSheets.getSpreadsheet({ spreadsheet_id: ids[${i % 3}]!, max_rows: ${10 + i} });`,
    );
    lines.push(`totals["s${i}"] = JSON.stringify(sheet${i}).length + ${i};`);
  }
  lines.push(
    "function sum(values: number[]): number {",
    "  let total = 0;",
    "  for (const v of values) total += v;",
    "  return total;",
    "}",
    "return sum(Object.values(totals));",
  );
  return lines.join("\n");
}

// Type check, on the checker thread: the first check of a declaration set starts the thread and builds the
// language service; then it is warm. Timed from the host, the round trip to the thread included.
type CheckProgram = (
  request: { key: string; texts: { declarations: string[]; tools: unknown[] }; source: string },
  waitMs: number,
) => Promise<{ kind: string; diagnostics?: string[] }>;
const checkProgram = check["checkProgram"] as CheckProgram;
const texts = {
  declarations: [(await import("node:fs")).readFileSync(join(root, "packages/cloud-sheets/code/api.d.ts"), "utf8")],
  tools: [],
};
const checkOnce = async (source: string): Promise<void> => {
  const outcome = await checkProgram({ key: "bench", texts, source }, 60_000);
  if (outcome.kind !== "checked" || (outcome.diagnostics?.length ?? 0) > 0)
    throw new Error(`the 50-line program does not type-check: ${JSON.stringify(outcome)}`);
};
const coldStart = performance.now();
await checkOnce(fiftyLines(-1));
const coldCheckMs = performance.now() - coldStart;
await timeEachAsync(5, (i) => checkOnce(fiftyLines(1000 + i)));
const checkMs = median(await timeEachAsync(20, (i) => checkOnce(fiftyLines(i))));

// Sandbox start: on a warm worker, a new runtime, context and prelude for a trivial program, its
// outcome back on the host, then disposal; and what a worker costs to start (a cold start, paid while
// the first program is type-checked, and by the replacement of a worker the host had to end).
interface Worker {
  readonly ready: Promise<void>;
}
const takeWorker = pool["takeWorker"] as (memoryBytes: number, waitMs: number) => Promise<Worker>;
const Session = session["Session"] as new (options: unknown) => {
  run(worker: Worker, javascript: string): Promise<Result>;
};
const limits = code["defaultLimits"] as { memoryBytes: number };
const trivial = (typecheck["transpile"] as (source: string) => string)("return 0;");
const loaded = [
  {
    namespace: "CloudSheets",
    declarations: "",
    functions: (sheets["codeApi"] as { functions: object }).functions,
    client: (sheets["createCloudSheetsClient"] as (o: unknown) => unknown)(caller),
    secretNames: [],
  },
];
const startOnce = async (): Promise<void> => {
  const worker = await takeWorker(limits.memoryBytes, 10_000);
  await worker.ready;
  const result = await new Session({
    packages: loaded,
    limits,
    wallDeadline: performance.now() + 10_000,
    clean: (t: string) => t,
    signal: undefined,
  }).run(worker, trivial);
  if (!result.ok) throw new Error(`the trivial program failed: ${result.error?.message}`);
};
await timeEachAsync(5, startOnce);
const sandboxStartMs = median(await timeEachAsync(30, startOnce));
// Held (ref'd) so that waiting for one keeps this process up; they are left running, so the process
// exits explicitly at the end.
const SandboxWorker = pool["SandboxWorker"] as new (memoryBytes: number) => Worker & { hold(): void };
const workerStartMs = median(
  await timeEachAsync(5, async () => {
    const worker = new SandboxWorker(limits.memoryBytes);
    worker.hold();
    await worker.ready;
  }),
);

// Per-call overhead: the same N calls from inside the sandbox and directly through the client.
const calls = 200;
const loop =
  `for (let i = 0; i < ${calls}; i++) await CloudSheets.getSpreadsheet({ spreadsheet_id: "s" + i });\n` + "return 0;";
const client = (
  sheets["createCloudSheetsClient"] as (o: unknown) => { getSpreadsheet(input: unknown): Promise<unknown> }
)(caller);
const inSandbox = async (): Promise<void> => {
  const result = await runCode(loop, { packages, caller, limits: { toolCalls: calls } });
  if (!result.ok) throw new Error(`the call loop failed: ${result.error?.message}`);
};
const direct = async (): Promise<void> => {
  for (let i = 0; i < calls; i++) await client.getSpreadsheet({ spreadsheet_id: `s${i}` });
};
const empty = async (): Promise<void> => void (await runCode("return 0;", { packages, caller }));
await inSandbox();
await direct();
const sandboxMs = median(await timeEachAsync(7, inSandbox));
const directMs = median(await timeEachAsync(7, direct));
const emptyMs = median(await timeEachAsync(7, empty));
const perCallOverheadUs = ((sandboxMs - emptyMs - directMs) / calls) * 1000;

// What a model reads in code mode: the declarations runCode checks programs against.
const declarations = (code["codeDeclarations"] as (packages: unknown[]) => string)(packages);
process.stdout.write(
  JSON.stringify({
    declarations,
    coldCheckMs,
    checkMs,
    sandboxStartMs,
    workerStartMs,
    calls,
    sandboxMs,
    directMs,
    emptyRunMs: emptyMs,
    perCallOverheadUs,
  }) + "\n",
  () => process.exit(0),
);
