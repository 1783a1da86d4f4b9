// The pool's memory: memory bombs, log floods, huge returns and promise storms in a loop, with the
// host's resident set sampled after every run. It stays within the pool's workers times a run's
// memory limit, and, from the second round on, comes back to within 50 MB of the level the first
// round left after each program (a worker holding much is retired); RSS less the host's own JS heap,
// which is not the pool's. Waits poll the measurement itself with a generous deadline.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { runCode } from "../src/index.ts";
import { caller, packages } from "./support/packages.ts";

const memoryBytes = 32 * 1024 * 1024;
const limits = { memoryBytes, cpuMs: 3_000 };
const mb = 1024 * 1024;
setFlagsFromString("--expose-gc");
/** A full collection of the host's heap: the host's own garbage (type checks, messages) is not the pool's. */
const collect = runInNewContext("gc") as () => void;
/**
 * RSS less the host's own JS heap: workers (their engines and heaps) and native memory. The host's
 * heap grows with its type checks and V8 keeps the room it grew, which is not the pool's doing.
 */
const rss = (): number => {
  const usage = process.memoryUsage();
  return usage.rss - usage.heapTotal;
};

/**
 * Each program, and the limits that may end it (none: it may also end by itself, or throw). On a
 * loaded machine a bomb may reach the CPU limit before the memory limit; what is measured here is
 * memory either way (escapes.test.ts checks each bomb reaches the memory limit given the time).
 */
const hostile: [name: string, source: string, limits: string[] | undefined][] = [
  ["objects", "const a: object[] = [];\nfor (;;) a.push({ n: a.length });", ["memoryBytes", "cpuMs"]],
  ["strings, the failure caught", "const a: string[] = [];\ntry { for (;;) a.push('x'.repeat(1000) + Math.random()); } catch {}\nfor (;;) a.push('y'.repeat(100) + Math.random());", ["memoryBytes", "cpuMs"]],
  ["array buffers", "const a: ArrayBuffer[] = [];\nfor (;;) a.push(new ArrayBuffer(1 << 20));", ["memoryBytes", "cpuMs"]],
  ["one huge allocation", "return new Uint8Array(1 << 30).length;", ["memoryBytes", "cpuMs"]],
  ["60 MB held and returned from", "const a: string[] = [];\nfor (let i = 0; i < 25_000; i++) a.push('x'.repeat(1000) + i);\nreturn a.length;", undefined],
  ["a doubling string", "let s = 'x';\nfor (;;) s = s + s;", undefined],
  ["a log flood", "for (let i = 0; i < 1_000_000; i++) console.log('x'.repeat(1000));", ["logLines"]],
  ["a huge return", "return 'x'.repeat(5_000_000);", ["outputBytes"]],
  ["a promise storm", "for (;;) Promise.resolve().then(() => 0);", undefined],
];

/** Resolves once RSS is at most `bound`, or fails after a generous deadline with what it was. */
async function settlesTo(bound: number, name: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (rss() > bound) {
    if (Date.now() > deadline) throw new Error(`after ${name}, RSS stayed at ${Math.round(rss() / mb)} MB, more than ${Math.round(bound / mb)} MB (${JSON.stringify(process.memoryUsage())})`);
    // A trivial run takes a ready worker, so retired ones get replaced and ended meanwhile.
    await runCode("return 0;", { packages, caller: caller(), limits });
    await new Promise((resolve) => setTimeout(resolve, 50));
    collect();
  }
}

describe("the sandbox pool's memory", () => {
  it("stays bounded and comes back after each hostile program, round after round", async () => {
    // Idle: a server that has type-checked every program once (a type error appended, so none ran).
    for (const [, source] of hostile) expect((await runCode(`${source}\nconst unused: number = "";`, { packages, caller: caller(), limits })).error?.kind).toBe("type");
    await runCode("return 0;", { packages, caller: caller(), limits });
    collect();
    const idle = rss();
    // One run at a time: the run's worker, two kept idle and one being replaced, each at most its
    // engine's cap (16 MiB + memoryBytes) and a V8 heap of at most 48 MiB (the pool retires one past 24 MiB).
    const bound = idle + 4 * (16 * mb + memoryBytes + 48 * mb);
    let peak = idle;
    // The first round sets the level later rounds must come back to: the worker threads it starts
    // and ends leave the C allocator's per-thread arenas behind once (glibc keeps them for reuse), which
    // is the process's, not a program's; what must not happen is growth round after round.
    let level = idle;
    for (let round = 0; round < 3; round++) {
      for (const [name, source, ending] of hostile) {
        const result = await runCode(source, { packages, caller: caller(), limits });
        peak = Math.max(peak, rss());
        if (ending !== undefined) expect(ending, name).toContain(result.error?.limit);
        else expect(result.error?.kind === "runtime" || result.error?.kind === "limit" || result.ok, name).toBe(true);
        if (round > 0) await settlesTo(level + 50 * mb, name);
      }
      if (round === 0) {
        await settlesTo(bound, "the first round");
        level = rss();
      }
    }
    expect(peak, `peak RSS ${Math.round(peak / mb)} MB, idle ${Math.round(idle / mb)} MB`).toBeLessThanOrEqual(bound);
  }, 600_000);
});
