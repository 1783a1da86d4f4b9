// runCode's memory over a long series in one process: rounds of ordinary programs (each a new text
// for the checker), type errors and hostile programs (bombs, a flood, a huge return, a storm). After
// two warm-up rounds, later rounds leave the host's JS heap (after a full collection) and its
// resident set where the warm-up left them, within bounds a leak per program would cross; the
// control runs the same check on a series that keeps 128 KB per program and sees it fail.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { runCode } from "../src/index.ts";
import { caller, packages } from "./support/packages.ts";

const mb = 1024 * 1024;
const limits = { memoryBytes: 16 * mb, cpuMs: 500 };
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** What a round leaves: the host's JS heap in use after a full collection, and the process's RSS. */
interface Level {
  readonly heapUsed: number;
  readonly rss: number;
}

/**
 * The host's heap may gain this much after the warm-up (V8's compiled code and type feedback for
 * paths first taken late), measured at about 1 MB over 1,000 programs. Over the 48 measured
 * programs, anything kept per program past 85 KB (a checker program or its diagnostics, a session)
 * crosses it.
 */
const heapSlack = 4 * mb;

/**
 * RSS may gain this much after the warm-up: V8 sizes its heap and the C allocator keeps its arenas
 * by what the process has done so far (both plateau; see docs/security.md), and a worker retired
 * by a bomb is replaced in the background. What must not happen is growth with every round.
 */
const rssSlack = 50 * mb;

const ordinary = (n: number): string =>
  `const sheets = await Promise.all(["s${n}", "t", "u"].map((id) => CloudSheets.getSpreadsheet({ spreadsheet_id: ` +
  `id })));\nreturn sheets.map((s) => JSON.stringify(s).length).reduce((a, b) => a + b, ${n});`;
const typeError = (n: number): string =>
  `const total${n}: number = "${n}";\nawait CloudSheets.getSpreadsheet({ spreadsheet_id: ${n} });`;
const hostile = [
  "const a: object[] = [];\nfor (;;) a.push({ n: a.length });",
  "const a: string[] = [];\ntry { for (;;) a.push('x'.repeat(1000) + Math.random()); } catch {}\nreturn a.length;",
  "for (let i = 0; i < 1_000_000; i++) console.log('x'.repeat(1000));",
  "return 'x'.repeat(5_000_000);",
  "for (;;) Promise.resolve().then(() => 0);",
];

/** One round's programs, numbered from `first` so each ordinary and type-error text is new. */
function round(first: number): string[] {
  const programs: string[] = [];
  for (let i = 0; i < 8; i++) programs.push(ordinary(first + i));
  for (let i = 0; i < 3; i++) programs.push(typeError(first + i));
  return [...programs, ...hostile];
}

/**
 * The level after a run: a trivial program takes a ready worker (retired ones get replaced), then a full collection.
 */
async function level(): Promise<Level> {
  let rss = Number.POSITIVE_INFINITY;
  // Replaced workers end in the background: sample until RSS stops falling (a few tries).
  for (let attempt = 0; attempt < 5; attempt++) {
    await runCode("return 0;", { packages, caller: caller(), limits });
    await new Promise((resolve) => setTimeout(resolve, 100));
    collect();
    const now = process.memoryUsage().rss;
    if (now >= rss - mb) break;
    rss = now;
  }
  collect();
  const usage = process.memoryUsage();
  return { heapUsed: usage.heapUsed, rss: Math.min(rss, usage.rss) };
}

/**
 * Warm-up rounds, then measured ones; `each` runs beside every program (the control's leak). A level
 * past its bound ends the series: the check has failed.
 */
async function series(
  rounds: number,
  programs: (first: number) => string[],
  each: () => void = () => undefined,
): Promise<{ warm: Level; levels: Level[] }> {
  let n = 0;
  const runRound = async (): Promise<void> => {
    for (const source of programs(n)) {
      await runCode(source, { packages, caller: caller(), limits });
      each();
    }
    n += 100;
  };
  for (let warmUp = 0; warmUp < 2; warmUp++) await runRound();
  const warm = await level();
  const levels: Level[] = [];
  for (let r = 0; r < rounds; r++) {
    await runRound();
    levels.push(await level());
    if (overruns({ warm, levels }).length > 0) break;
  }
  return { warm, levels };
}

/** Where a level went past its bound, in words; empty when every round stayed within. */
function overruns({ warm, levels }: { warm: Level; levels: Level[] }): string[] {
  const over: string[] = [];
  levels.forEach((at, index) => {
    if (at.heapUsed > warm.heapUsed + heapSlack)
      over.push(
        `round ${index + 1}: JS heap ${(at.heapUsed / mb).toFixed(1)} MB, warm ${(warm.heapUsed / mb).toFixed(1)} MB`,
      );
    if (at.rss > warm.rss + rssSlack)
      over.push(`round ${index + 1}: RSS ${Math.round(at.rss / mb)} MB, warm ${Math.round(warm.rss / mb)} MB`);
  });
  return over;
}

const describeLevels = ({ warm, levels }: { warm: Level; levels: Level[] }): string =>
  [warm, ...levels].map((at) => `${(at.heapUsed / mb).toFixed(1)}/${Math.round(at.rss / mb)}`).join(" → ");

describe("runCode's memory over a long series", () => {
  it(
    "levels off: after the warm-up, rounds of ordinary, type-error and hostile programs stay within bounds of the " +
      "warm level",
    async () => {
      const measured = await series(3, round);
      console.log(`JS heap MB / RSS MB: ${describeLevels(measured)}`);
      expect(overruns(measured), describeLevels(measured)).toEqual([]);
    },
    120_000,
  );

  it("control: the same check fails on a series that keeps 128 KB per program", async () => {
    const kept: number[][] = [];
    // 16 Ki small integers: 128 KB of elements at 8 bytes each.
    const keep = (): void => void kept.push(Array.from({ length: 16 * 1024 }, (_, i) => i + kept.length));
    const leaky = await series(3, (first) => Array.from({ length: 16 }, (_, i) => ordinary(10_000 + first + i)), keep);
    console.log(`control, JS heap MB / RSS MB: ${describeLevels(leaky)}`);
    expect(overruns(leaky).length, describeLevels(leaky)).toBeGreaterThan(0);
  }, 120_000);
});
