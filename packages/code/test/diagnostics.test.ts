// Type errors as a model reads them: TypeScript's message chain and related information, the tool
// and parameter by name for a tool call's input, the source line with a caret under the column,
// syntax errors first and at most maxReported of them; over wrong programs, odd line breaks,
// tabs, long lines and characters outside the BMP.
import { describe, expect, it } from "vitest";
import { runCode } from "../src/index.ts";
import { maxReported } from "../src/diagnostics.ts";
import { caller, packages, secret } from "./support/packages.ts";

async function diagnostics(source: string): Promise<readonly string[]> {
  const calls: string[] = [];
  const result = await runCode(source, { packages, caller: caller(0, calls) });
  expect(calls, "nothing runs when the program does not type-check").toEqual([]);
  expect(result.error?.kind).toBe("type");
  return result.error?.diagnostics ?? [];
}

/** The line under the source line, checked: its caret sits under the column the first line names. */
function caretColumn(diagnostic: string): { line: string; under: string } {
  const lines = diagnostic.split("\n");
  const frameAt = lines.findIndex((line) => /^ {2}\d+ \| /.test(line));
  const source = lines[frameAt] ?? "";
  const caret = lines[frameAt + 1] ?? "";
  const gutter = source.indexOf("| ") + 2;
  expect(caret.indexOf("| ") + 2, "the caret line's gutter matches").toBe(gutter);
  expect(caret.trimEnd().endsWith("^")).toBe(true);
  // Both lines as code points, so a character outside the BMP counts once.
  const index = Array.from(caret.slice(gutter)).length - 1;
  return { line: source.slice(gutter), under: Array.from(source.slice(gutter))[index] ?? "" };
}

const write = (input: string) => `await CloudSheets.writeToCell(${input});`;
const full = 'spreadsheet_id: "s", column: "A", row: 1, value: "x"';

describe("type errors", () => {
  const cases: [name: string, source: string, first: RegExp, related: RegExp | undefined, under: string][] = [
    [
      "a wrong parameter type: the tool, the parameter and where the expected type comes from",
      `const note = "x";\n${write(`{ ${full.replace('"s"', "42")} }`)}`,
      new RegExp(
        /^2:33 CloudSheets\.WriteToCell: parameter "spreadsheet_id": /.source +
          /Type 'number' is not assignable to type 'string'\.$/.source,
        "m",
      ),
      new RegExp(
        /^ {2}The expected type comes from property 'spreadsheet_id' /.source +
          /which is declared here on type '\{ spreadsheet_id: string; column: string; row: number;/.source,
        "m",
      ),
      "s",
    ],
    [
      "a required parameter missing: the chain down to the property, and where it is declared",
      write('{ spreadsheet_id: "s", column: "A", value: "x" }'),
      new RegExp(
        /^1:31 CloudSheets\.WriteToCell: parameter "row": Argument of type .* is not assignable to parameter of type .*/
          .source + /\n {4}Property 'row' is missing in type/.source,
        "m",
      ),
      /^ {2}'row' is declared here\.$/m,
      "{",
    ],
    [
      "an unknown parameter, named",
      write(`{ ${full}, colour: "red" }`),
      new RegExp(
        /^1:\d+ CloudSheets\.WriteToCell: parameter "colour": /.source +
          /Object literal may only specify known properties, and 'colour' does not exist/.source,
        "m",
      ),
      undefined,
      "c",
    ],
    [
      "a parameter in a string-keyed property, in a multi-line call indented with tabs",
      'await CloudSheets.getSpreadsheet({\n\t\t"spreadsheet_id": "s",\n\t\t"max_rows": "10",\n\t});',
      /^3:3 CloudSheets\.GetSpreadsheet: parameter "max_rows": Type 'string' is not assignable to type 'number'\./m,
      /The expected type comes from property 'max_rows'/,
      '"',
    ],
    [
      "the input not an object: the tool, no parameter",
      write('"s"'),
      /^1:31 CloudSheets\.WriteToCell: Argument of type 'string' is not assignable to parameter of type/m,
      undefined,
      '"',
    ],
    [
      "a misspelt function: no tool, the suggestion and its declaration",
      'await CloudSheets.writeToCel({ spreadsheet_id: "s" });',
      /^1:19 Property 'writeToCel' does not exist on type 'typeof CloudSheets'\. Did you mean 'writeToCell'\?$/m,
      /^ {2}'writeToCell' is declared here\.$/m,
      "w",
    ],
    [
      "an error inside another call in a tool's input is that call's, not the tool's",
      write(`{ ${full.replace('"s"', "String.fromCharCode('x')")} }`),
      /^1:\d+ Argument of type 'string' is not assignable to parameter of type 'number'\.$/m,
      undefined,
      "'",
    ],
    [
      "a tool call inside a callback, after a line of four-byte characters",
      'const emoji = "😀😀😀";\nconst ids = ["a"];\nawait Promise.all(ids.map((id) => CloudSheets.writeToCell({ ' +
        'spreadsheet_id: id, column: "A", row: "1", value: emoji })));',
      /^3:\d+ CloudSheets\.WriteToCell: parameter "row": Type 'string' is not assignable to type 'number'\./m,
      /The expected type comes from property 'row'/,
      "r",
    ],
    [
      "CRLF and U+2028 line breaks keep lines as TypeScript counts them",
      'const a = 1;\r\nconst b = 2;\u2028const c: number = "3";',
      /^3:7 Type 'string' is not assignable to type 'number'\.$/m,
      undefined,
      "c",
    ],
  ];

  it.each(cases)("%s", async (_name, source, first, related, under) => {
    const [diagnostic = "", ...rest] = await diagnostics(source);
    expect(rest).toEqual([]);
    expect(diagnostic).toMatch(first);
    if (related !== undefined) expect(diagnostic).toMatch(related);
    expect(caretColumn(diagnostic).under).toBe(under);
  });

  it("shows a long line around its column, never splitting a character", async () => {
    const padding = "😀".repeat(200);
    const [diagnostic = ""] = await diagnostics(
      `const s = "${padding}"; const n: number = "1"; const t = "${padding}";`,
    );
    const { line, under } = caretColumn(diagnostic);
    expect(under).toBe("n");
    expect(line.startsWith("…") && line.endsWith("…")).toBe(true);
    expect(Array.from(line).length).toBeLessThanOrEqual(124);
    expect(line).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it(`puts syntax errors first and reports at most ${maxReported}, saying how many more there are`, async () => {
    const wrong = Array.from({ length: 8 }, (_, i) => `const v${i}: number = "${i}";`);
    const source = [...wrong.slice(0, 4), "const broken = ;", ...wrong.slice(4)].join("\n");
    const result = await runCode(source, { packages, caller: caller() });
    const shown = result.error?.diagnostics ?? [];
    expect(shown).toHaveLength(maxReported);
    expect(shown[0]).toMatch(/^5:16 Expression expected\./);
    expect(shown.slice(1).map((d) => d.split(" ")[0])).toEqual(["1:7", "2:7", "3:7", "4:7"]);
    expect(result.error?.message).toMatch(/\n\(4 more errors not shown; fix these first\)$/);
  });

  it("redacts a secret the program wrote on the line shown", async () => {
    const shown = await diagnostics(`const key: number = "${secret}";`);
    expect(shown.join("\n")).not.toContain(secret);
    expect(shown[0]).toMatch(/^1:7 Type 'string' is not assignable to type 'number'/);
  });
});
