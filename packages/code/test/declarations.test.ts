// Narrowing a package to some functions: the declarations and the sandbox's namespace hold those
// alone, so a program that calls another function fails the type check and calls nothing.
import { describe, expect, it } from "vitest";
import { declareNamespace, functionDeclarations, narrowCodeApi, runCode, type CodePackage } from "../src/index.ts";
import { caller, packages } from "./support/packages.ts";

const sheets = packages[0]!;

describe("code-mode declarations", () => {
  it("gives each function's declaration with its doc comment", () => {
    const declarations = functionDeclarations(sheets.codeApi);
    expect([...declarations.keys()]).toEqual(Object.keys(sheets.codeApi.functions));
    expect(declarations.get("whoAmI")).toBe(
      "  /** User profile and spreadsheet environment. */\n  function whoAmI(input?: Record<string, never>): " +
        "Promise<unknown>;",
    );
    expect(declareNamespace("CloudSheets", [declarations.get("whoAmI")!])).toMatch(
      /^declare namespace CloudSheets \{\n {2}\/\*\*[^]*\n\}\n$/,
    );
  });

  it("narrows a package to chosen functions, keeping the file's header", () => {
    const narrowed = narrowCodeApi(sheets.codeApi, ["getSpreadsheet", "whoAmI"]);
    expect(narrowed.functions).toEqual({ whoAmI: "CloudSheets.WhoAmI", getSpreadsheet: "CloudSheets.GetSpreadsheet" });
    expect(narrowed.declarations).toMatch(/^\/\/ Code generated[^]*\*\/\ndeclare namespace CloudSheets \{/);
    expect(narrowed.declarations).not.toContain("writeToCell");
  });

  it("refuses a call to a function left out, before anything runs", async () => {
    const calls: string[] = [];
    const narrowed: CodePackage = { ...sheets, codeApi: narrowCodeApi(sheets.codeApi, ["whoAmI"]) };
    const denied = await runCode(
      'await CloudSheets.whoAmI();\nawait CloudSheets.writeToCell({ spreadsheet_id: "s", column: "A", row: 1, ' +
        'value: "x" });',
      {
        packages: [narrowed],
        caller: caller(0, calls),
      },
    );
    expect(denied.error?.diagnostics?.[0]).toMatch(
      /^2:19 Property 'writeToCell' does not exist on type 'typeof CloudSheets'/,
    );
    expect(calls).toEqual([]);
    const untyped = await runCode(
      'await (CloudSheets as any).writeToCell({ spreadsheet_id: "s", column: "A", row: 1, value: "x" });',
      { packages: [narrowed], caller: caller(0, calls) },
    );
    expect(untyped.error).toMatchObject({ kind: "runtime", message: expect.stringMatching(/not a function/) });
    expect(calls).toEqual([]);
  });
});
