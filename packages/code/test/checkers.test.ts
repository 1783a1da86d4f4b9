// Warm checkers of different declaration sets stay apart: each checks its own program against its
// own declarations, however the runs interleave.
import { describe, expect, it } from "vitest";
import { narrowCodeApi, runCode, type CodePackage } from "../src/index.ts";
import { caller, packages } from "./support/packages.ts";

const sheets = packages[0]!;
const narrowed: CodePackage = { ...sheets, codeApi: narrowCodeApi(sheets.codeApi, ["getSpreadsheet"]) };

describe("checkers of different declaration sets", () => {
  it("check each program against its own set, interleaved", async () => {
    const full = { packages: [sheets], caller: caller() };
    const narrow = { packages: [narrowed], caller: caller() };
    expect((await runCode("await CloudSheets.whoAmI();", full)).ok).toBe(true);
    expect((await runCode("await CloudSheets.whoAmI();", narrow)).error?.diagnostics?.[0]).toMatch(
      /^1:19 Property 'whoAmI' does not exist/,
    );
    expect((await runCode('return await CloudSheets.getSpreadsheet({ spreadsheet_id: "s" });', narrow)).ok).toBe(true);
    expect((await runCode("const n: number = 1;\nreturn n;", full)).ok).toBe(true);
    expect((await runCode('const n: number = "1";', narrow)).error?.diagnostics?.[0]).toMatch(/^1:7 Type 'string'/);
  });
});
