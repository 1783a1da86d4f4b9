// The tool search section's rows of the results table: quality per server and catalog-wide beside
// the two baselines, latency, each package's index size and first-search cost, tool-file tokens.
import { kb, mark, n, type Row } from "./table.ts";
import type { Quality } from "./search-metrics.ts";
import type { SearchResult } from "./search.ts";

const section = "7 Tool search";
const f = (value: number) => value.toFixed(3);
const figures = (q: Quality) => `R@1 ${f(q.recallAt1)}, R@5 ${f(q.recallAt5)}, MRR ${f(q.mrr)}, nDCG@10 ${f(q.ndcgAt10)}`;
const brief = (q: Quality) => `R@5 ${f(q.recallAt5)}, nDCG@10 ${f(q.ndcgAt10)}`;

function qualityRow(what: string, own: Quality, defaults: Quality, naive: Quality, recallTarget: number): Row {
  return [
    section,
    `${what} (${own.queries} queries)`,
    figures(own),
    `MiniSearch defaults: ${brief(defaults)}; naive keywords: ${brief(naive)}`,
    "",
    `R@5 ≥ ${recallTarget.toFixed(2)}, nDCG@10 ≥ 0.85`,
    mark(own.recallAt5 >= recallTarget && own.ndcgAt10 >= 0.85),
  ];
}

export function searchRows(s: SearchResult): Row[] {
  const { toolcat, minisearchDefaults, naiveKeywords } = s.quality;
  const rows: Row[] = Object.keys(toolcat.servers).map((server) =>
    qualityRow(`${server}, its package alone`, toolcat.servers[server]!, minisearchDefaults.servers[server]!, naiveKeywords.servers[server]!, 0.95),
  );
  rows.push(qualityRow("whole catalog, createToolSearch over 7 packages", toolcat.catalog, minisearchDefaults.catalog, naiveKeywords.catalog, 0.9));
  rows.push([section, `latency, whole catalog, in-process (each query's median of 21 calls)`, `p50 ${s.latencyMs.p50} ms, p99 ${s.latencyMs.p99} ms`, "", "", "p99 ≤ 1 ms", mark(s.latencyMs.p99 <= 1)]);
  for (const p of s.packages) {
    rows.push([
      section,
      `${p.package}: index, cold process`,
      `index ${kb(p.indexGzipBytes)} gzipped; import ${n(p.importMs.median, 1)} ms, first search ${n(p.firstSearchMs.median, 1)} ms`,
      "",
      "",
      "index ≤ 30 kB gzipped",
      mark(p.indexGzipBytes <= 30 * 1024),
    ]);
  }
  for (const i of s.importBeforeAfter) {
    rows.push([
      section,
      `${i.package}: cold import`,
      `${n(i.afterMs.median, 1)} ms`,
      `the package before search was added: ${n(i.beforeMs.median, 1)} ms`,
      `${Number((i.afterMs.median / i.beforeMs.median).toPrecision(3))}×`,
      "no index read on import",
      "",
    ]);
  }
  const tokens = Object.entries(s.toolFileTokens).map(([format, count]) => `${format} ${n(count)}`).join(", ");
  rows.push([section, "o200k tokens before any search, every tool file (all 7 packages)", tokens, "", "", "", ""]);
  return rows;
}
