// The checker thread as the host drives it: warm replacement of a worn thread (no check waits for a
// cold one), deadlines and aborts, a thread that dies in a check, a program too deep to check, and
// the host's heap left alone by checks; the control runs the same checks on the host and sees its
// young generation grow.
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import { CheckQueue, type CheckOutcome, type CheckRequest } from "../src/check.ts";
import { CheckerThread } from "../src/checker-thread.ts";
import { narrowCodeApi } from "../src/index.ts";
import { declarationText } from "../src/packages.ts";
import { Checker } from "../src/typecheck.ts";
import { packages } from "./support/packages.ts";

const mb = 1024 * 1024;
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const youngBytes = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;

const sheets = packages[0]!.codeApi;
const full = declarationText(sheets);
const narrowed = declarationText(narrowCodeApi(sheets, ["getSpreadsheet"]));
const request = (declarations: string, source: string): CheckRequest => ({
  key: declarations,
  texts: { declarations: [declarations], tools: [["CloudSheets", Object.entries(sheets.functions)]] },
  source,
});
const ordinary = (n: number): string =>
  `const sheet = await CloudSheets.getSpreadsheet({ spreadsheet_id: "s${n}" });\nreturn JSON.stringify(sheet).length;`;
const noPolicy = { grownBytes: Number.POSITIVE_INFINITY, checks: Number.POSITIVE_INFINITY };

/** A CheckQueue whose threads record what they were sent, in order, by thread. */
function recorded(policy = noPolicy): { queue: CheckQueue; threads: CheckerThread[]; sent: string[][] } {
  const threads: CheckerThread[] = [];
  const sent: string[][] = [];
  const queue = new CheckQueue(policy, () => {
    const thread = new CheckerThread();
    const log: string[] = [];
    const check = thread.check.bind(thread);
    thread.check = (key, texts, source) => (log.push(source), check(key, texts, source));
    threads.push(thread);
    sent.push(log);
    return thread;
  });
  return { queue, threads, sent };
}

const errorsOf = (outcome: CheckOutcome): readonly string[] | undefined =>
  outcome.kind === "checked" ? outcome.diagnostics : undefined;

/**
 * The queue of the tests that keep their thread or need one replaced once: a thread's cold start
 * (TypeScript loaded, its library checked) costs about a CPU-second, so they share one. Each first
 * makes sure a thread is warm, then counts the threads started from there.
 */
const shared = recorded();
const warmShared = async (): Promise<number> => {
  expect((await shared.queue.check(request(full, "return null;"), 60_000)).kind).toBe("checked");
  return shared.threads.length;
};
afterAll(() => {
  for (const thread of shared.threads) thread.end();
});

describe("the checker thread", () => {
  it("replaces a worn thread with one warmed on the same sets before it serves, answers unchanged", async () => {
    const { queue, threads, sent } = recorded({ grownBytes: Number.POSITIVE_INFINITY, checks: 6 });
    // A replacement warms up in the background while the worn thread serves on: check until three threads have
    // served, paced so that a worn thread answers tens of checks meanwhile, not hundreds.
    const served = (): number => sent.filter((log) => log.some((source) => source !== "return null;")).length;
    for (let n = 0; n < 500 && served() < 3; n++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const whoAmI = await queue.check(request(n % 2 === 0 ? full : narrowed, "await CloudSheets.whoAmI();"), 60_000);
      expect(errorsOf(whoAmI)?.length, `check ${n}`).toBe(n % 2 === 0 ? 0 : 1);
      const typed = await queue.check(request(full, `const n${n}: number = "${n}";`), 60_000);
      expect(errorsOf(typed)?.[0], `check ${n}`).toMatch(/^1:7 Type 'string' is not assignable/);
    }
    expect(served()).toBe(3);
    // Each replacement took on the sets (a warm-up each, then one more) before any program reached it.
    for (const log of sent.slice(1)) expect(log.slice(0, 2)).toEqual(["return null;", "return null;"]);
    // Two served before the current one, and were ended once it took over.
    expect(threads.slice(0, 2).every((thread) => thread.ended)).toBe(true);
    for (const thread of threads) thread.end();
  }, 120_000);

  it("ends a check still running at its deadline with its thread; the next check gets a new one", async () => {
    const { queue, threads } = shared;
    const started = await warmShared();
    expect((await queue.check(request(full, ordinary(0)), 60_000)).kind).toBe("checked");
    const huge = Array.from({ length: 4_000 }, (_, n) => `const v${n}: number = "${n}";`).join("\n");
    expect(await queue.check(request(full, huge), 1)).toEqual({ kind: "timeout" });
    expect((await queue.check(request(full, ordinary(1)), 60_000)).kind).toBe("checked");
    expect(threads.length).toBe(started + 1);
    expect(threads[started - 1]!.ended).toBe(true);
    expect(threads[started]!.ended).toBe(false);
  }, 120_000);

  it("answers an abort at once, before or during a check, and keeps the thread", async () => {
    const { queue, threads } = shared;
    const started = await warmShared();
    const before = new AbortController();
    before.abort();
    expect(await queue.check(request(full, ordinary(0)), 60_000, before.signal)).toEqual({ kind: "aborted" });
    const during = new AbortController();
    const pending = queue.check(request(full, ordinary(1)), 60_000, during.signal);
    during.abort();
    expect(await pending).toEqual({ kind: "aborted" });
    expect((await queue.check(request(full, ordinary(2)), 60_000)).kind).toBe("checked");
    expect(threads.length).toBe(started);
    expect(threads.at(-1)!.ended).toBe(false);
  }, 120_000);

  it("replaces a thread that died in a check (out of memory) at once, warmed with its sets", async () => {
    const threads: CheckerThread[] = [];
    const sent: string[] = [];
    // A thread that dies as one over its heap cap would, on the program "boom".
    class Dying extends CheckerThread {
      override check(key: string, texts: CheckRequest["texts"], source: string): ReturnType<CheckerThread["check"]> {
        sent.push(`${threads.indexOf(this)}: ${source}`);
        if (source !== "boom") return super.check(key, texts, source);
        this.end();
        return Promise.resolve({ kind: "out-of-memory" });
      }
    }
    const queue = new CheckQueue(noPolicy, () => {
      const thread = new Dying();
      threads.push(thread);
      return thread;
    });
    expect((await queue.check(request(full, ordinary(0)), 60_000)).kind).toBe("checked");
    expect(await queue.check(request(full, "boom"), 60_000)).toEqual({ kind: "out-of-memory" });
    expect(errorsOf(await queue.check(request(full, ordinary(1)), 60_000))).toEqual([]);
    expect(threads.length).toBe(2);
    expect(sent.slice(2)).toEqual(["1: return null;", `1: ${ordinary(1)}`]);
    threads[1]!.end();
  }, 120_000);

  it("reports a program nested too deeply to check, and checks the next one", async () => {
    const { queue, threads } = shared;
    const started = await warmShared();
    const deep = `return ${"[".repeat(20_000)}${"]".repeat(20_000)};`;
    expect(await queue.check(request(full, deep), 60_000)).toEqual({ kind: "too-deep" });
    expect(errorsOf(await queue.check(request(full, ordinary(0)), 60_000))).toEqual([]);
    expect(threads.length).toBe(started);
  }, 120_000);
});

/**
 * The host's young generation after a full collection, before and after 61 new programs each
 * checked by `check`. The first check is counted: on Node 22 a single check on the host already
 * grows the young generation to its largest size, which a collection does not give back.
 */
async function youngAfter(check: (source: string) => Promise<unknown>): Promise<{ before: number; after: number }> {
  collect();
  const before = youngBytes();
  for (let n = -1; n < 60; n++) await check(ordinary(n));
  collect();
  return { before, after: youngBytes() };
}

describe("the host's heap while programs are checked", () => {
  it("stays as it was: the checks' allocation is the checker thread's", async () => {
    const { before, after } = await youngAfter((source) => shared.queue.check(request(full, source), 60_000));
    console.log(`host young generation ${(before / mb).toFixed(1)} → ${(after / mb).toFixed(1)} MB`);
    expect(after).toBeLessThanOrEqual(before + 4 * mb);
  }, 120_000);

  it("control: the same checks on the host grow its young generation", async () => {
    const checker = new Checker([full]);
    const { before, after } = await youngAfter(async (source) => checker.check(source));
    console.log(`control, host young generation ${(before / mb).toFixed(1)} → ${(after / mb).toFixed(1)} MB`);
    expect(after).toBeGreaterThan(before + 4 * mb);
    checker.dispose();
  }, 120_000);
});
