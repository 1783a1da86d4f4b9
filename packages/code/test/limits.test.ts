// Each limit ends the run with a `limit` error naming it, enforced within 10% of its setting.
import { describe, expect, it } from "vitest";
import { runCode, type RunCodeResult } from "../src/index.ts";
import { caller, packages } from "./support/packages.ts";

interface Timed {
  readonly result: RunCodeResult;
  /** From the call to runCode to its result. */
  readonly ms: number;
  /** From the program's first tool call reaching the host to the result (NaN without a call). */
  readonly sinceCallMs: number;
}

async function timed(source: string, options: Partial<Parameters<typeof runCode>[1]> = {}): Promise<Timed> {
  let calledAt = Number.NaN;
  const firstCall = {
    push: (): number => {
      if (Number.isNaN(calledAt)) calledAt = performance.now();
      return 1;
    },
  };
  const start = performance.now();
  const result = await runCode(source, { packages, caller: caller(0, firstCall), ...options });
  const end = performance.now();
  return { result, ms: end - start, sinceCallMs: end - calledAt };
}

/** A warm run of a trivial program: the check and sandbox start every measured run also pays. */
async function overheadMs(): Promise<number> {
  await timed("return 0;");
  return (await timed("return 0;")).ms;
}

describe("limits", () => {
  it("cpuMs: a busy loop stops within 10% of the CPU limit", async () => {
    // Other test files share the two cores, so the run's fixed cost is measured around each try and
    // the best of three tries is judged.
    const overshoot: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = await overheadMs();
      const { result, ms } = await timed("for (;;) {}", { limits: { cpuMs: 400 } });
      const after = await overheadMs();
      expect(result.error).toMatchObject({ kind: "limit", limit: "cpuMs" });
      overshoot.push(Math.abs(ms - Math.min(before, after) - 400));
    }
    expect(Math.min(...overshoot)).toBeLessThanOrEqual(400 * 0.1);
  });

  it("wallMs: a run waiting on a slow tool stops within 10% of the wall limit", async () => {
    const start = performance.now();
    const result = await runCode("await CloudSheets.whoAmI();", {
      packages,
      caller: caller(5_000),
      limits: { wallMs: 500 },
    });
    const ms = performance.now() - start;
    expect(result.error).toMatchObject({ kind: "limit", limit: "wallMs" });
    expect(ms).toBeGreaterThanOrEqual(500 * 0.9);
    expect(ms).toBeLessThanOrEqual(500 * 1.1);
    expect(result.calls).toEqual([{ name: "CloudSheets.WhoAmI", ok: false, ms: expect.any(Number) }]);
  });

  it("memoryBytes: 90% of the limit fits, 110% does not", async () => {
    const limit = 32 * 1024 * 1024;
    const fill = (bytes: number): string => `const s = "x".repeat(${Math.round(bytes)});\nreturn s.length;`;
    expect((await timed(fill(limit * 0.9), { limits: { memoryBytes: limit } })).result.ok).toBe(true);
    const over = await timed(fill(limit * 1.1), { limits: { memoryBytes: limit } });
    expect(over.result.error).toMatchObject({ kind: "limit", limit: "memoryBytes" });
  });

  it("toolCalls: exactly the limit's calls are made", async () => {
    const calls: string[] = [];
    const source = "for (let i = 0; i < 100; i++) await CloudSheets.whoAmI();";
    const result = await runCode(source, { packages, caller: caller(0, calls), limits: { toolCalls: 5 } });
    expect(result.error).toMatchObject({ kind: "limit", limit: "toolCalls" });
    expect(calls).toHaveLength(5);
    expect(result.calls).toHaveLength(5);
  });

  it("outputBytes: a value under the limit comes back, one over it does not", async () => {
    expect((await timed('return "x".repeat(9_000);', { limits: { outputBytes: 10_000 } })).result.ok).toBe(true);
    const over = await timed('return "x".repeat(11_000);', { limits: { outputBytes: 10_000 } });
    expect(over.result.error).toMatchObject({ kind: "limit", limit: "outputBytes" });
  });

  it("logLines: the limit's lines are kept, then the run stops", async () => {
    const { result } = await timed("for (let i = 0; i < 1000; i++) console.log(i);", { limits: { logLines: 100 } });
    expect(result.error).toMatchObject({ kind: "limit", limit: "logLines" });
    expect(result.logs).toHaveLength(100);
  });

  it("sourceBytes: a larger source is refused before it is parsed", async () => {
    const { result, ms } = await timed(`return ${"1 + ".repeat(400)}1;`, { limits: { sourceBytes: 1_000 } });
    expect(result.error).toMatchObject({ kind: "input", limit: "sourceBytes" });
    expect(ms).toBeLessThan(50);
  });
});

/**
 * What a run may take past its time limit, measured from outside: the host's timer firing and the
 * result's assembly, and for cpuMs also the answer to the program's first call.
 */
const allowanceMs = 50;

/** Programs that spend their time inside single built-ins, where the engine's interrupt seldom runs. */
const builtInHeavy: [string, string][] = [
  ["repeat/split/reverse loop", 'for (;;) "x".repeat(1e6).split("").reverse();'],
  ["catastrophic regex", 'return /^(a+)+$/.test("a".repeat(40) + "b");'],
  [
    "large sort",
    "const a = Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 300_007);\nfor (;;) a.slice().sort();",
  ],
  [
    "large JSON.stringify loop",
    'const o = Array.from({ length: 100_000 }, (_, i) => ({ i, s: "v" + i }));\nfor (;;) JSON.stringify(o);',
  ],
  [
    "deep try/catch recursion",
    "function f(n: number): number {\n  try { return f(n + 1); } catch { return f(n + 1); }\n}\nreturn f(0);",
  ],
];

/** A log line and a call before the heavy part, so each case also shows what a stopped run reports. */
const prefix = 'console.log("started");\nawait CloudSheets.whoAmI();\n';

describe.each([
  ["wallMs", { wallMs: 300, cpuMs: 10_000 }],
  ["cpuMs", { cpuMs: 200 }],
] as const)("%s holds inside built-ins", (limit, limits) => {
  const setting = limit === "wallMs" ? limits.wallMs : limits.cpuMs;
  // The wall limit counts from runCode's start. The CPU limit counts the program's own time, which
  // begins after its type check and its worker's start (a loaded host can spend more than the
  // allowance on those): it is judged from the prefix's call, before which the program has only logged.
  const judged = (tried: Timed): number => (limit === "wallMs" ? tried.ms : tried.sinceCallMs);

  it.each(builtInHeavy)("%s stops by the limit × 1.1 plus the allowance", async (_, program) => {
    await timed("return 0;");
    // Other test files share the two cores, and a loaded host can spend the whole wall limit before
    // the prefix has run: the first of up to five tries that ran its prefix in time is judged.
    const fits = (tried: Timed): boolean =>
      tried.result.calls.length === 1 && judged(tried) <= setting * 1.1 + allowanceMs;
    const tries: Timed[] = [];
    for (let attempt = 0; attempt < 5 && !tries.some(fits); attempt++) {
      const tried = await timed(prefix + program, { limits });
      expect(tried.result.error).toMatchObject({ kind: "limit", limit });
      // Not stopped early: the whole run took the limit (the program's time before its call counts too).
      expect(tried.ms).toBeGreaterThanOrEqual(setting * 0.9);
      tries.push(tried);
      expect((await timed("return 1 + 1;")).result).toEqual({ ok: true, value: 2, logs: [], calls: [] });
    }
    const judgedTry = tries.find(fits) ?? tries.at(-1)!;
    const { result } = judgedTry;
    expect(result.logs).toEqual(["started"]);
    expect(result.calls).toEqual([{ name: "CloudSheets.WhoAmI", ok: true, ms: expect.any(Number) }]);
    expect(judged(judgedTry)).toBeLessThanOrEqual(setting * 1.1 + allowanceMs);
  });
});

it("an abort inside a built-in ends the run promptly, and the next run works", async () => {
  await timed("return 0;");
  const controller = new AbortController();
  const calls: string[] = [];
  let abortedAt = Number.POSITIVE_INFINITY;
  const running = runCode(prefix + builtInHeavy[1]![1], {
    packages,
    caller: caller(0, calls),
    signal: controller.signal,
  });
  // Abort once the program is past its call and inside the regex.
  const poll = setInterval(() => {
    if (calls.length === 0) return;
    clearInterval(poll);
    setTimeout(() => ((abortedAt = performance.now()), controller.abort()), 50);
  }, 5);
  const result = await running;
  expect(result.error?.kind).toBe("aborted");
  expect(result.logs).toEqual(["started"]);
  expect(performance.now() - abortedAt).toBeLessThan(allowanceMs);
  expect((await timed("return 1 + 1;")).result.ok).toBe(true);
});
