// The pool's memory: memory bombs, an infinite loop, log floods, huge returns and promise storms
// in a loop, with the process's resident set sampled after every run once the pool has settled
// (retired workers replaced and ended, the host's heap collected). Idle is the level of a process
// ready to serve: it has run one ordinary program, so the checker thread is warm and a worker is
// ready (what toolcat-mcp's /readyz waits for), and has settled. After every hostile program RSS
// comes back to within 50 MB of idle, on every Node the package supports, and peak RSS stays
// within the pool's workers times a run's limits; the control keeps 8 MB per program in the host
// and fails the same check. Samples follow explicit settling, never a timing, so a loaded machine
// makes the test slower, not flaky.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { runCode } from "../src/index.ts";
import { caller, packages } from "./support/packages.ts";

const memoryBytes = 32 * 1024 * 1024;
const limits = { memoryBytes, cpuMs: 1_000 };
const mb = 1024 * 1024;
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (options: object) => void;
/**
 * A full collection of the host's heap that also gives back what V8 grew it by (its young
 * generation, after a log flood's messages), as V8's memory reducer does in a server gone idle.
 */
const collect = (): void => gc({ type: "major", execution: "sync", flavor: "last-resort" });
const rss = (): number => process.memoryUsage().rss;
/** How far above idle RSS may settle after a program. */
const slack = 50 * mb;

/**
 * Each program, and the limits that may end it (none: it may also end by itself, or throw). On a
 * loaded machine a bomb or the log flood may reach the CPU limit first (it meters wall time in the
 * engine); what is measured here is memory either way (escapes.test.ts and limits.test.ts check
 * each ends by its own limit given the time).
 */
const hostile: [name: string, source: string, limits: string[] | undefined][] = [
  ["objects", "const a: object[] = [];\nfor (;;) a.push({ n: a.length });", ["memoryBytes", "cpuMs"]],
  [
    "strings, the failure caught",
    "const a: string[] = [];\ntry { for (;;) a.push('x'.repeat(1000) + Math.random()); } catch {}\nfor (;;) " +
      "a.push('y'.repeat(100) + Math.random());",
    ["memoryBytes", "cpuMs"],
  ],
  [
    "array buffers",
    "const a: ArrayBuffer[] = [];\nfor (;;) a.push(new ArrayBuffer(1 << 20));",
    ["memoryBytes", "cpuMs"],
  ],
  ["one huge allocation", "return new Uint8Array(1 << 30).length;", ["memoryBytes", "cpuMs"]],
  [
    "60 MB held and returned from",
    "const a: string[] = [];\nfor (let i = 0; i < 25_000; i++) a.push('x'.repeat(1000) + i);\nreturn a.length;",
    undefined,
  ],
  ["a doubling string", "let s = 'x';\nfor (;;) s = s + s;", undefined],
  ["a log flood", "for (let i = 0; i < 1_000_000; i++) console.log('x'.repeat(1000));", ["logLines", "cpuMs"]],
  ["a huge return", "return 'x'.repeat(5_000_000);", ["outputBytes"]],
  ["a promise storm", "for (;;) Promise.resolve().then(() => 0);", undefined],
  ["an infinite loop", "for (;;) {}", ["cpuMs"]],
];

/** A trivial run takes a ready worker, so retired ones get replaced and ended meanwhile; then a collection. */
async function settleStep(): Promise<void> {
  await runCode("return 0;", { packages, caller: caller(), limits });
  await new Promise((resolve) => setTimeout(resolve, 50));
  collect();
}

/** What RSS settles at: settle steps until it stops falling (at most ten). */
async function settled(): Promise<number> {
  let last = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 10; attempt++) {
    await settleStep();
    const now = rss();
    if (now >= last - mb) return Math.min(now, last);
    last = now;
  }
  return last;
}

interface Loop {
  readonly idle: number;
  readonly peak: number;
  /** RSS settled after each program. */
  readonly after: readonly { readonly name: string; readonly rss: number }[];
}

/**
 * Idle once ready, then `rounds` of the hostile programs, `each` run after every one (the control's
 * leak). A program after which RSS settles past the bound ends the loop: the check has failed.
 */
async function bombLoop(rounds: number, each: () => void = () => undefined): Promise<Loop> {
  const ordinary = 'return JSON.stringify(await CloudSheets.getSpreadsheet({ spreadsheet_id: "s" })).length;';
  expect((await runCode(ordinary, { packages, caller: caller(), limits })).ok).toBe(true);
  const idle = await settled();
  let peak = idle;
  const after: { name: string; rss: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [name, source, ending] of hostile) {
      const result = await runCode(source, { packages, caller: caller(), limits });
      peak = Math.max(peak, rss());
      if (ending !== undefined) expect(ending, name).toContain(result.error?.limit);
      else expect(result.error?.kind === "runtime" || result.error?.kind === "limit" || result.ok, name).toBe(true);
      each();
      const settledRss = await settled();
      after.push({ name: `${name} (round ${round + 1})`, rss: settledRss });
      if (settledRss > idle + slack) return { idle, peak, after };
    }
  }
  return { idle, peak, after };
}

/** The programs after which RSS stayed more than `slack` above idle. */
const over = (loop: Loop): string[] =>
  loop.after.filter((sample) => sample.rss > loop.idle + slack).map((sample) => sample.name);
const shown = ({ idle, peak, after }: Loop): string =>
  `RSS idle ${Math.round(idle / mb)} MB, peak ${Math.round(peak / mb)} MB, after each program ` +
  after.map((sample) => Math.round(sample.rss / mb)).join(" ");

describe("the sandbox pool's memory", () => {
  it("stays bounded and comes back after each hostile program, round after round", async () => {
    // Two rounds: the second shows that what the first left does not grow.
    const loop = await bombLoop(2);
    console.log(shown(loop));
    expect(over(loop), shown(loop)).toEqual([]);
    // One run at a time: the run's worker, two kept idle and one being replaced, each at most its
    // engine's cap (16 MiB + memoryBytes) and a V8 heap of at most 48 MiB (about 13 MiB fresh; the
    // pool retires one whose heap grew past 4 MiB, but a run may grow it further before it ends).
    const bound = loop.idle + 4 * (16 * mb + memoryBytes + 48 * mb);
    expect(loop.peak, shown(loop)).toBeLessThanOrEqual(bound);
  }, 600_000);

  it("control: the same check fails when the host keeps 8 MB per program", async () => {
    const kept: Buffer[] = [];
    // Filled, so its pages are resident.
    const loop = await bombLoop(1, () => void kept.push(Buffer.alloc(8 * mb, 1)));
    console.log(`control, ${shown(loop)}`);
    expect(over(loop).length, shown(loop)).toBeGreaterThan(0);
  }, 600_000);
});
