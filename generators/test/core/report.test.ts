// Output forms of a diagnostic: annotations escaped so spec text cannot end or forge a workflow
// command, and human output that never sends spec controls to the terminal.
import { describe, expect, it } from "vitest";
import { annotation } from "../../src/core/report.ts";
import { formatDiagnostic, type Diagnostic } from "../../src/loader/diagnostics.ts";

const bare: Diagnostic = { file: "specs/a.yaml", line: 3, col: 7, code: "unknown-key", message: "unknown key" };
const base: Diagnostic = { ...bare, hint: "Remove it." };

describe("annotation", () => {
  it.each([
    [{ ...base }, "::error file=specs/a.yaml,line=3,col=7,title=unknown-key::unknown key%0ARemove it.\n"],
    [
      { ...bare, message: 'key "a\n::error::forged"' },
      '::error file=specs/a.yaml,line=3,col=7,title=unknown-key::key "a%0A::error::forged"\n',
    ],
    [{ ...bare, message: "100% done\r" }, "::error file=specs/a.yaml,line=3,col=7,title=unknown-key::100%25 done%0D\n"],
    [
      { ...bare, file: "specs/a,b:c.yaml" },
      "::error file=specs/a%2Cb%3Ac.yaml,line=3,col=7,title=unknown-key::unknown key\n",
    ],
  ])("%#", (d, expected) => {
    expect(annotation(d)).toBe(expected);
  });

  it("leaves out line and column when there are none (drifted files)", () => {
    expect(annotation({ file: "packages/x/a.ts", code: "drift (changed)", message: "differs" })).toBe(
      "::error file=packages/x/a.ts,title=drift (changed)::differs\n",
    );
  });
});

describe("formatDiagnostic", () => {
  it("shows a code frame with a caret under the column", () => {
    expect(formatDiagnostic({ ...base, excerpt: "    purpse: x" }, true)).toBe(
      "specs/a.yaml:3:7 error unknown-key: unknown key\n    3 |     purpse: x\n      |       ^\n  hint: Remove it.",
    );
  });

  it("escapes controls in messages and replaces them in the frame", () => {
    const text = formatDiagnostic({ ...base, message: 'unknown key "\x1b[2J\u202e"', excerpt: "a\x1b[2Jb: c" }, true);
    expect(text).toContain('unknown key "\\u{1b}[2J\\u{202e}"');
    expect(text).toContain("a\uFFFD[2Jb: c");
    expect(text).not.toMatch(/[\x1b\u202e]/);
  });

  it("shows a window of a long line, with the caret still under the column", () => {
    const excerpt = `${"x".repeat(300)}HERE${"y".repeat(300)}`;
    const [, source = "", caret = ""] = formatDiagnostic({ ...base, col: 301, excerpt }, true).split("\n");
    expect(source.indexOf("HERE")).toBe(caret.indexOf("^"));
  });
});
