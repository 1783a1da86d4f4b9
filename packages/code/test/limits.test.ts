// Each limit ends the run with a `limit` error naming it, enforced within 10% of its setting.
import { describe, expect, it } from "vitest";
import { runCode, type RunCodeResult } from "../src/index.ts";
import { caller, packages } from "./support/packages.ts";

async function timed(source: string, options: Partial<Parameters<typeof runCode>[1]> = {}): Promise<{ result: RunCodeResult; ms: number }> {
  const start = performance.now();
  const result = await runCode(source, { packages, caller: caller(), ...options });
  return { result, ms: performance.now() - start };
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
    const result = await runCode("await CloudSheets.whoAmI();", { packages, caller: caller(5_000), limits: { wallMs: 500 } });
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
