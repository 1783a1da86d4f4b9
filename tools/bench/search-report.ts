// The tool search section's rows of the results table: quality on the tuning and held-out query
// sets side by side (catalog-wide for every contender; per kind, per server and empty answers for
// the chosen search), latency, each package's index size and first-search cost, tool-file tokens.
import { kb, mark, n, type Row } from "./table.ts";
import type { Quality } from "./search-metrics.ts";
import type { SetQuality } from "./search-quality.ts";
import type { SearchResult } from "./search.ts";

const section = "7 Tool search";
const f = (value: number) => value.toFixed(3);
const brief = (q: Quality) => `R@5 ${f(q.recallAt5)}, nDCG@10 ${f(q.ndcgAt10)}`;
const both = (tuning: Quality | undefined, heldOut: Quality | undefined) =>
  [tuning && `tuning ${brief(tuning)}`, heldOut && `held-out ${brief(heldOut)}`].filter(Boolean).join("; ");
const meets = (q: Quality | undefined, recall: number, ndcg?: number) =>
  q !== undefined && q.recallAt5 >= recall && (ndcg === undefined || q.ndcgAt10 >= ndcg);

/** The targets, checked on the held-out set: recall@5 per kind, and nDCG@10 catalog-wide and per server. */
const kindTargets: Readonly<Record<string, number>> = {
  task: 0.9,
  keyword: 0.9,
  "near-neighbour": 0.9,
  paraphrase: 0.85,
};

export function searchRows(s: SearchResult): Row[] {
  // Results written before the per-set quality rows held one object of other figures: no rows.
  const quality: SearchResult["quality"] = Array.isArray(s.quality) ? s.quality : [];
  const [chosen, ...others] = quality;
  if (chosen === undefined) return [];
  const { tuning, heldOut } = chosen.sets;
  const rows: Row[] = [];
  const catalogRow = (name: string, t: SetQuality, h: SetQuality, target: string, met: string): Row => [
    section,
    `${name}: whole catalog, 260 tools (${t.catalog.queries} tuning, ${h.catalog.queries} held-out queries)`,
    both(t.catalog, h.catalog),
    "",
    "",
    target,
    met,
  ];
  rows.push(
    catalogRow(
      chosen.name,
      tuning,
      heldOut,
      "held-out R@5 ≥ 0.90, nDCG@10 ≥ 0.80",
      mark(meets(heldOut.catalog, 0.9, 0.8)),
    ),
  );
  for (const other of others) rows.push(catalogRow(other.name, other.sets.tuning, other.sets.heldOut, "", ""));
  for (const [kind, q] of Object.entries(heldOut.kinds)) {
    const target = kindTargets[kind] ?? 0.9;
    rows.push([
      section,
      `${chosen.name}: held-out ${kind} (${q.queries})`,
      brief(q),
      "",
      "",
      `R@5 ≥ ${target.toFixed(2)}`,
      mark(meets(q, target)),
    ]);
  }
  for (const server of Object.keys(heldOut.servers)) {
    const h = heldOut.servers[server];
    rows.push([
      section,
      `${server}, its package alone`,
      both(tuning.servers[server], h),
      "",
      "",
      "held-out R@5 ≥ 0.90, nDCG@10 ≥ 0.80",
      mark(meets(h, 0.9, 0.8)),
    ]);
  }
  rows.push([
    section,
    "empty answers, whole catalog",
    `tuning ${tuning.emptyAnswers}, held-out ${heldOut.emptyAnswers}`,
    "",
    "",
    "0",
    mark(tuning.emptyAnswers + heldOut.emptyAnswers === 0),
  ]);
  rows.push([
    section,
    `latency, whole catalog, in-process (each query's median of 21 calls)`,
    `p50 ${s.latencyMs.p50} ms, p99 ${s.latencyMs.p99} ms`,
    "",
    "",
    "p99 ≤ 5 ms warm",
    mark(s.latencyMs.p99 <= 5),
  ]);
  for (const p of s.packages) {
    rows.push([
      section,
      `${p.package}: index, cold process`,
      `index ${kb(p.indexGzipBytes)} gzipped; import ${n(p.importMs.median, 1)} ms, first search ` +
        `${n(p.firstSearchMs.median, 1)} ms`,
      "",
      "",
      "index ≤ 30 kB gzipped, first search ≤ 50 ms",
      mark(p.indexGzipBytes <= 30 * 1024 && p.firstSearchMs.median <= 50),
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
  const tokens = Object.entries(s.toolFileTokens)
    .map(([format, count]) => `${format} ${n(count)}`)
    .join(", ");
  rows.push([section, "o200k tokens before any search, every tool file (all 7 packages)", tokens, "", "", "", ""]);
  return rows;
}
