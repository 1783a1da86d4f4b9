// The performance document's table is what bench/results.json renders to, never a hand edit, and
// rewriting it touches only the text between its markers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { performanceDoc, readResults, tableEnd, tableIn, tableStart, withTable } from "../performance-doc.ts";
import { renderTable } from "../report.ts";
import { workspaceRoot } from "../measure.ts";

describe("docs/performance.md", () => {
  it("holds the table bench/results.json renders to", () => {
    const doc = readFileSync(join(workspaceRoot, performanceDoc), "utf8");
    expect(tableIn(doc)).toBe(renderTable(readResults(workspaceRoot)));
  });

  it("names the machine and the date of the run", () => {
    const results = readResults(workspaceRoot);
    const table = tableIn(readFileSync(join(workspaceRoot, performanceDoc), "utf8"));
    expect(table).toContain(`Measured ${results.date} on ${results.machine.cpu}, ${results.machine.cores} cores`);
  });
});

describe("withTable", () => {
  it.each([
    ["an empty table", `# P\n\n${tableStart}\n${tableEnd}\n\nAfter.\n`],
    ["an old table", `# P\n\n${tableStart}\n\n| old |\n\n${tableEnd}\n\nAfter.\n`],
  ])("replaces %s and keeps the prose on both sides", (_label, doc) => {
    expect(withTable(doc, "| new |")).toBe(`# P\n\n${tableStart}\n\n| new |\n\n${tableEnd}\n\nAfter.\n`);
  });

  it.each([
    ["no markers", "# P\n"],
    ["only the start", `${tableStart}\n`],
    ["the markers reversed", `${tableEnd}\n${tableStart}\n`],
  ])("refuses a document with %s", (_label, doc) => {
    expect(() => withTable(doc, "| t |")).toThrow(/must hold the lines/);
  });
});
