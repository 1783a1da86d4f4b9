// docs/performance.md carries the table of the last complete `npm run bench`, written here from
// bench/results.json between two marker lines; the prose around it is the document's own. The
// table is never edited by hand: a test checks it equals what the results render to.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderTable, type Results } from "./report.ts";

export const performanceDoc = "docs/performance.md";
export const tableStart =
  "<!-- bench table: written by `npm run bench` from bench/results.json; do not edit by hand -->";
export const tableEnd = "<!-- end of bench table -->";

/** `doc` with the text between the markers replaced by `table`; throws when the markers are missing or out of order. */
export function withTable(doc: string, table: string): string {
  const from = doc.indexOf(tableStart);
  const to = doc.indexOf(tableEnd);
  if (from === -1 || to === -1 || to < from)
    throw new Error(`${performanceDoc} must hold the lines ${tableStart} and ${tableEnd}, in that order`);
  return `${doc.slice(0, from + tableStart.length)}\n\n${table}\n\n${doc.slice(to)}`;
}

/** The table as it stands in the document, between the markers. */
export function tableIn(doc: string): string {
  return doc.slice(doc.indexOf(tableStart) + tableStart.length, doc.indexOf(tableEnd)).trim();
}

export function readResults(root: string): Results {
  return JSON.parse(readFileSync(join(root, "bench/results.json"), "utf8")) as Results;
}

export function writePerformanceDoc(root: string, results: Results): void {
  const path = join(root, performanceDoc);
  writeFileSync(path, withTable(readFileSync(path, "utf8"), renderTable(results)));
}
