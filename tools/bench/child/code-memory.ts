// Code mode's memory over a long mixed run (`node --expose-gc --import tsx child/code-memory.ts <root> [programs]`):
// 500 programs through runCode, one at a time: three in five ordinary (three tool calls and a sum,
// each a new text for the checker), one in five a type error (a new text too, so nothing runs) and
// one in five hostile (memory bombs, a log flood, a huge return, a promise storm, 60 MB held and
// returned from); the process's RSS sampled after each. Idle is ready: the process has run one
// ordinary program (the checker thread warm, a worker ready), as toolcat-mcp's /readyz waits for.
// The runner and the package come from their built dist/, what consumers install. Prints one JSON
// object: idle, peak and final RSS (MB), the host's JS heap in use at idle and at the end, RSS and
// heap every 50 programs (all but peak with the pool settled and the host's heap collected), and
// the wall time.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [root = ".", count = "500"] = process.argv.slice(2);
const programs = Number(count);
const load = (path: string): Promise<Record<string, unknown>> =>
  import(pathToFileURL(join(root, path)).href) as Promise<Record<string, unknown>>;

type RunCode = (
  source: string,
  options: { packages: unknown[]; caller: unknown; limits?: Record<string, number> },
) => Promise<{ readonly ok: boolean }>;
const code = await load("packages/code/dist/index.js");
const sheets = await load("packages/cloud-sheets/dist/index.js");
const runtime = await load("packages/runtime/dist/index.js");
const runCode = code["runCode"] as RunCode;
const transport = (runtime["createInMemoryTransport"] as (handlers: unknown) => unknown)({
  "CloudSheets.GetSpreadsheet": (input: { spreadsheet_id: string }) => ({
    id: input.spreadsheet_id,
    values: [[1, 2, 3]],
  }),
});
const options = {
  packages: [sheets],
  caller: { transport, env: false },
  limits: { memoryBytes: 32 * 1024 * 1024, cpuMs: 2_000 },
};

const ordinary = (i: number): string =>
  `const sheets = await Promise.all(["a${i}", "b", "c"].map((id) => CloudSheets.getSpreadsheet({ spreadsheet_id: ` +
  "id })));\nreturn sheets.map((s) => JSON.stringify(s).length).reduce((a, b) => a + b, 0);";
const typeError = (i: number): string =>
  `const total${i}: number = "${i}";\nawait CloudSheets.getSpreadsheet({ spreadsheet_id: ${i} });`;
const hostile = [
  "const a: object[] = [];\nfor (;;) a.push({ n: a.length });",
  "const a: string[] = [];\nfor (;;) a.push('x'.repeat(1000) + Math.random());",
  "return new Uint8Array(1 << 30).length;",
  "for (let i = 0; i < 1_000_000; i++) console.log('x'.repeat(1000));",
  "return 'x'.repeat(5_000_000);",
  "for (;;) Promise.resolve().then(() => 0);",
  "const a: string[] = [];\nfor (let i = 0; i < 25_000; i++) a.push('x'.repeat(1000) + i);\nreturn a.length;",
];
const program = (i: number): string => {
  if (i % 5 === 4) return hostile[Math.floor(i / 5) % hostile.length] ?? "";
  return i % 5 === 2 ? typeError(i) : ordinary(i);
};

const gc = globalThis.gc ?? (() => undefined);
const toMb = (bytes: number): number => bytes / (1024 * 1024);
const mb = (): number => toMb(process.memoryUsage().rss);
const heapMb = (): number => toMb(process.memoryUsage().heapUsed);

/**
 * RSS once the pool has settled: retired workers end and their replacements start in the
 * background, so a few ordinary runs, then the host's garbage collected, until RSS stops falling
 * (at most ten rounds).
 */
async function settled(): Promise<number> {
  let level = mb();
  for (let round = 0; round < 10; round++) {
    for (let i = 0; i < 3; i++) await runCode(ordinary(i), options);
    gc();
    const now = mb();
    if (now >= level - 1) return Math.min(level, now);
    level = now;
  }
  return level;
}

await runCode(ordinary(0), options);
await new Promise((resolve) => setTimeout(resolve, 200));
gc();
const idleMb = mb();
const heapIdleMb = heapMb();
let peakMb = idleMb;
/** Programs between two samples of the settled level. */
const every = 50;
const levels: { programs: number; rssMb: number; heapMb: number }[] = [];
const start = performance.now();
for (let i = 0; i < programs; i++) {
  await runCode(program(i), options);
  peakMb = Math.max(peakMb, mb());
  if ((i + 1) % every === 0 || i + 1 === programs)
    levels.push({ programs: i + 1, rssMb: await settled(), heapMb: heapMb() });
}
const wallMs = performance.now() - start;
const finalMb = levels.at(-1)?.rssMb ?? mb();
process.stdout.write(
  JSON.stringify({
    programs,
    idleMb,
    peakMb,
    finalMb,
    heapIdleMb,
    heapFinalMb: heapMb(),
    levels,
    wallMs,
    memory: process.memoryUsage(),
  }) + "\n",
  () => process.exit(0),
);
