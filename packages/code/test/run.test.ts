// runCode end to end: a multi-step program's value, logs and calls; type errors before anything
// runs; failed calls as ToolError with JSON pointers; secrets redacted; bad options refused.
import { describe, expect, it } from "vitest";
import { runCode } from "../src/index.ts";
import { caller, packages, secret } from "./support/packages.ts";

describe("runCode", () => {
  it("runs a multi-step program: value, logs and calls", async () => {
    const calls: string[] = [];
    const source = [
      "const me = await CloudSheets.whoAmI();",
      "const [a, b] = await Promise.all([",
      '  CloudSheets.getSpreadsheet({ spreadsheet_id: "s1", max_rows: 10 }),',
      '  CloudSheets.getSpreadsheet({ spreadsheet_id: "s2" }),',
      "]);",
      'console.log("read", 2, { sheets: true });',
      'console.warn("careful");',
      "return { me: me !== undefined, a, b };",
    ].join("\n");
    const result = await runCode(source, { packages, caller: caller(0, calls) });
    expect(result.ok).toBe(true);
    expect(result.value).toMatchObject({
      me: true,
      a: { input: { spreadsheet_id: "s1", max_rows: 10 } },
      b: { input: { spreadsheet_id: "s2" } },
    });
    expect(result.logs).toEqual(['read 2 {"sheets":true}', "warn: careful"]);
    expect(result.calls.map((c) => [c.name, c.ok])).toEqual([
      ["CloudSheets.WhoAmI", true],
      ["CloudSheets.GetSpreadsheet", true],
      ["CloudSheets.GetSpreadsheet", true],
    ]);
    expect(calls).toHaveLength(3);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it("reports type errors as line:col message, and runs nothing", async () => {
    const calls: string[] = [];
    const source =
      'await CloudSheets.whoAmI();\nconst rows: number = "many";\nawait CloudSheets.getSpreadsheet({ spreadsheet: ' +
      '"x" });';
    const result = await runCode(source, { packages, caller: caller(0, calls) });
    expect(result.error?.kind).toBe("type");
    expect(result.error?.diagnostics?.[0]).toMatch(/^2:7 Type 'string' is not assignable to type 'number'/);
    expect(result.error?.diagnostics?.[1]).toMatch(
      new RegExp(
        /^3:36 CloudSheets.GetSpreadsheet: parameter "spreadsheet": /.source +
          /Object literal may only specify known properties.*'spreadsheet'/.source,
      ),
    );
    expect(calls).toEqual([]);
  });

  it("throws a failed call inside the program as a ToolError with the package's message and pointers", async () => {
    const source = [
      "try {",
      '  await CloudSheets.getSpreadsheet({ spreadsheet_id: "x", max_rows: 5000, start_col: "1A" });',
      "} catch (error) {",
      "  const e = error as ToolError;",
      "  return { name: e.name, tool: e.tool, code: e.code, issues: e.issues.map((i) => i.path) };",
      "}",
    ].join("\n");
    const result = await runCode(source, { packages, caller: caller() });
    expect(result.value).toEqual({
      name: "ToolError",
      tool: "CloudSheets.GetSpreadsheet",
      code: "validation_failed",
      issues: ["/start_col", "/max_rows"],
    });
    expect(result.calls).toEqual([{ name: "CloudSheets.GetSpreadsheet", ok: false, ms: expect.any(Number) }]);
  });

  it("an uncaught error ends the run with its message", async () => {
    const result = await runCode('await CloudSheets.getSpreadsheet({ spreadsheet_id: "" , max_rows: 0 });', {
      packages,
      caller: caller(),
    });
    expect(result.error?.kind).toBe("runtime");
    expect(result.error?.message).toContain("ToolError: invalid input for CloudSheets.GetSpreadsheet");
    expect(result.error?.message).toContain("/max_rows");
  });

  it("never lets a secret through: tool answers, logs and the value are redacted", async () => {
    const source =
      "const a = await CloudSheets.whoAmI() as { token: string };\nconsole.log(a.token);\nreturn { token: " +
      "a.token, [a.token]: 1 };";
    const result = await runCode(source, { packages, caller: caller() });
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(result.logs).toEqual(["[REDACTED]"]);
    expect(result.value).toEqual({ token: "[REDACTED]", "[REDACTED]": 1 });
  });

  it("refuses unusable options with an input error", async () => {
    expect((await runCode("return 1;", { packages, caller: caller(), limits: { wallMs: -1 } })).error?.kind).toBe(
      "input",
    );
    expect(
      (await runCode("return 1;", { packages, caller: caller(), limits: { bogus: 1 } as never })).error?.kind,
    ).toBe("input");
    const noCode = { ...packages[0]!, codeApi: undefined } as never;
    expect((await runCode("return 1;", { packages: [noCode], caller: caller() })).error?.message).toContain(
      "no codeApi export",
    );
  });

  // JavaScript callers may pass anything: each is an input result, never a rejection.
  const throwing = new Proxy(
    {},
    {
      get: () => {
        throw new Error("trap");
      },
      ownKeys: () => {
        throw new Error("trap");
      },
    },
  );
  it.each([
    ["no options", undefined, /got no options object/],
    ["null", null, /got no options object/],
    ["no packages", {}, /packages must be an array/],
    ["packages that are not an array", { packages: null }, /packages must be an array/],
    ["no caller", { packages: [] }, /caller must be the client options/],
    ["a proxy whose traps throw", throwing, /reading the options threw/],
    [
      "a package whose getters throw",
      { packages: [throwing], caller: {} },
      /a package or the caller could not be read/,
    ],
  ])("answers %s with an input error", async (_, options, message) => {
    const result = await runCode("return 1;", options as never);
    expect(result).toMatchObject({ ok: false, error: { kind: "input" } });
    expect(result.error?.message).toMatch(message);
    expect(JSON.stringify(result)).not.toContain("trap");
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const running = runCode("await CloudSheets.whoAmI();", {
      packages,
      caller: caller(5_000),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const result = await running;
    expect(result.error?.kind).toBe("aborted");
  });
});
