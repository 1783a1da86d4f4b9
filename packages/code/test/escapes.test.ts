// Hostile programs, one test each: every one ends with a clear error (or a harmless value), the host
// keeps its prototypes, no secret shows, and the next run is unaffected (support/contained.ts).
import { describe, expect, it } from "vitest";
import { runCode } from "../src/index.ts";
import { expectContained } from "./support/contained.ts";
import { caller, packages } from "./support/packages.ts";

const run = (source: string | Uint8Array, limits = {}, calls: string[] = [], delayMs = 0) =>
  runCode(source, { packages, caller: caller(delayMs, calls), limits });

describe("escapes and bad input", () => {
  it("constructor chains reach no host and make no code", async () => {
    for (const source of [
      'return (globalThis as any).constructor.constructor("return process")();',
      'return (() => 0).constructor("return this")();',
      'return (async () => 0).constructor("return 1")();',
      'return Function("return globalThis.process")();',
    ]) {
      const result = await run(source);
      expect(result.error?.message).toMatch(/EvalError: code from strings/);
      await expectContained(result, "runtime");
    }
  });

  it("the sandbox's global has no host objects", async () => {
    const result = await run(
      "const g = globalThis as any;\nreturn [typeof g.process, typeof g.require, typeof g.fetch, typeof " +
        "g.setTimeout, typeof g.Buffer];",
    );
    expect(result.value).toEqual(["undefined", "undefined", "undefined", "undefined", "undefined"]);
  });

  it("__proto__ and prototype pollution stay inside the sandbox", async () => {
    const source = [
      "(Object.prototype as any).polluted = true;",
      "(({}) as any).__proto__.polluted2 = true;",
      'const input = JSON.parse(\'{"__proto__": {"polluted": true}, "spreadsheet_id": "x"}\');',
      "await CloudSheets.getSpreadsheet(input);",
      "return 1;",
    ].join("\n");
    const result = await run(source);
    expect(result.error?.message).toContain("__proto__");
    await expectContained(result, "runtime");
  });

  it("Symbol.species and promise subclasses reach nothing", async () => {
    const source = [
      "const Evil: any = class extends Promise<unknown> {};",
      "Object.defineProperty(Evil, Symbol.species, { get: () => Object });",
      "const p = Evil.resolve(1).then((x: unknown) => x);",
      "throw await p;",
    ].join("\n");
    await expectContained(await run(source), "runtime");
  });

  it("eval is gone and import() loads nothing", async () => {
    const evaluated = await run('return eval("1 + 1");');
    expect(evaluated.error?.message).toMatch(/'eval' is not defined/);
    await expectContained(evaluated, "runtime");
    await expectContained(await run('return await import("node:fs");'), "type");
    const dynamic = await run('const name: string = "node:" + "fs";\nreturn await import(name);');
    expect(dynamic.error?.message).toMatch(/module/);
    await expectContained(dynamic, "runtime");
  });

  it("infinite loops and recursion stop", async () => {
    await expectContained(await run("while (true) {}", { cpuMs: 300 }), "limit");
    const recursion = await run("function f(n: number): number { return f(n + 1) + 1; }\nreturn f(0);");
    expect(recursion.error?.message).toMatch(/stack overflow/);
    await expectContained(recursion, "runtime");
  });

  it.each([
    ["objects", "const a: object[] = [];\nfor (;;) a.push({ n: a.length });"],
    // QuickJS's own limit misses these; the cap on the engine's WebAssembly memory does not.
    ["strings", "const a: string[] = [];\nfor (;;) a.push('x'.repeat(1000) + Math.random());"],
    ["array buffers", "const a: ArrayBuffer[] = [];\nfor (;;) a.push(new ArrayBuffer(1 << 20));"],
    ["one huge allocation", "return new Uint8Array(1 << 30).length;"],
    [
      "strings, the failure caught",
      "const a: string[] = [];\ntry { for (;;) a.push('x'.repeat(1000) + Math.random()); } catch {}\nfor (;;) " +
        "a.push('y'.repeat(100) + Math.random());",
    ],
  ])("memory bombs hit the memory limit: %s", async (_name, source) => {
    const result = await run(source, { memoryBytes: 32 * 1024 * 1024, cpuMs: 30_000, wallMs: 60_000 });
    expect(result.error?.limit).toBe("memoryBytes");
    await expectContained(result, "limit");
  });

  it("a million log lines stop at the log limit", async () => {
    const result = await run("for (let i = 0; i < 1_000_000; i++) console.log(i);");
    expect(result.logs).toHaveLength(1_000);
    expect(result.error?.limit).toBe("logLines");
    await expectContained(result, "limit");
  });

  it("huge and cyclic return values", async () => {
    const huge = await run('return "x".repeat(5_000_000);');
    expect(huge.error?.limit).toBe("outputBytes");
    await expectContained(huge, "limit");
    const cyclic = await run("const a: { self?: unknown } = {};\na.self = a;\nreturn a;");
    expect(cyclic.error?.message).toMatch(/cannot be sent as JSON/);
    await expectContained(cyclic, "runtime");
  });

  it("a throwing toJSON or getter on the returned value", async () => {
    const toJson = await run('return { toJSON() { throw new Error("toJSON says no"); } };');
    expect(toJson.error?.message).toContain("toJSON says no");
    await expectContained(toJson, "runtime");
    const getter = await run('return { get x(): number { throw new Error("getter says no"); } };');
    expect(getter.error?.message).toContain("getter says no");
    await expectContained(getter, "runtime");
  });

  it("no tool call is made after the time limit", async () => {
    const calls: string[] = [];
    const busy = await run(
      "const t = Date.now();\nwhile (Date.now() - t < 5_000) {}\nawait CloudSheets.whoAmI();",
      { wallMs: 300 },
      calls,
    );
    expect(busy.error?.limit).toBe("wallMs");
    // The limit leaves room for a start on a loaded machine, so the first call is made; the second would
    // come after the limit, while the first is still pending.
    const slow = await run("await CloudSheets.whoAmI();\nawait CloudSheets.whoAmI();", { wallMs: 1_000 }, calls, 1_500);
    expect(slow.error?.limit).toBe("wallMs");
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(calls).toEqual(["CloudSheets.WhoAmI"]);
    await expectContained(slow, "limit");
  });

  it("promise storms stop", async () => {
    await expectContained(await run("for (;;) Promise.resolve().then(() => 0);", { cpuMs: 300 }), "limit");
    await expectContained(
      await run("const f = (): Promise<void> => Promise.resolve().then(f);\nawait f();", { cpuMs: 300 }),
      "limit",
    );
  });

  it("a program that never resolves ends at once", async () => {
    const start = performance.now();
    const result = await run("await new Promise(() => {});");
    expect(performance.now() - start).toBeLessThan(1_000);
    await expectContained(result, "never-settled");
  });

  it("syntax errors come back as type errors with positions", async () => {
    const result = await run("const x = ;\nreturn (");
    expect(result.error?.diagnostics?.[0]).toMatch(/^1:11 Expression expected/);
    await expectContained(result, "type");
  });

  it("non-UTF-8, lone surrogates and 10 MB sources are refused", async () => {
    await expectContained(await run(new Uint8Array([0x72, 0x65, 0xff, 0xfe])), "input");
    await expectContained(await run("return '\ud800';"), "input");
    const start = performance.now();
    await expectContained(await run(`return 1;${" ".repeat(10 * 1024 * 1024)}`), "input");
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it("deep nesting in the engine is an error, not a crash", async () => {
    const result = await run(
      "let a: unknown[] = [];\nfor (let i = 0; i < 200_000; i++) a = [a];\nreturn String(a).length;",
    );
    expect(result.ok).toBe(false);
    await expectContained(result, result.error?.kind === "sandbox" ? "sandbox" : "runtime");
  });
});
