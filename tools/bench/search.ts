// Section 7: tool search. Ranking quality on both query sets (search-quality.ts): the tuning set
// and the held-out set side by side, catalog-wide, per kind and per server, for the chosen search,
// the alternatives it was chosen from and two baselines; search latency in-process; what the first
// search costs a fresh process; index size; cold import before search was added and now; and the
// tokens of the full tool files, what a model reads before any search when it gets every tool.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { ToolSearch } from "@toolcat/runtime";
import { interleave, median, round, stats, timeNodeOk, workspaceRoot, type Stats } from "./measure.ts";
import { readManifests } from "./openapi.ts";
import { importBeforeAfter, type ImportBeforeAfter } from "./search-import.ts";
import { quantile } from "./search-metrics.ts";
import { benchSearchQuality, type ContenderQuality } from "./search-quality.ts";
import { readQuerySet } from "./search-sets.ts";
import { toolFileTokens } from "./tokens.ts";

export interface PackageSearchCost {
  readonly package: string;
  readonly indexGzipBytes: number;
  readonly importMs: Stats;
  readonly firstSearchMs: Stats;
}

export interface SearchResult {
  /** The chosen search first, then the alternatives and the baselines, on both query sets. */
  readonly quality: readonly ContenderQuality[];
  /** Catalog-wide toolcat searches, in-process, after a warm-up: each query's median call, ms. */
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly max: number; readonly calls: number };
  readonly packages: readonly PackageSearchCost[];
  /** Cold import of the largest and a small package, before search was added and now. */
  readonly importBeforeAfter: readonly ImportBeforeAfter[];
  /** o200k tokens of every package's tools/<format>.json, summed per format. */
  readonly toolFileTokens: Readonly<Record<string, number>>;
}

interface SearchPackage {
  readonly toolSearchIndex: unknown;
}

export async function benchSearch(warmup = 1, runs = 3): Promise<SearchResult> {
  const manifests = readManifests(workspaceRoot);
  const modules = new Map<string, SearchPackage>();
  for (const m of manifests) modules.set(m.server.name, (await import(m.package)) as SearchPackage);
  const { createToolSearch } = await import("@toolcat/runtime");
  const catalog: ToolSearch = createToolSearch([...modules.values()] as Parameters<typeof createToolSearch>[0]);
  const queries = [...readQuerySet("tuning"), ...readQuerySet("heldOut")].map((q) => q.query);
  return {
    quality: benchSearchQuality(),
    latencyMs: latency(catalog, queries),
    packages: firstSearchCosts(manifests, warmup, runs),
    importBeforeAfter: importBeforeAfter(["recruit-api", "cloud-sheets"], warmup, 2 * runs + 1),
    toolFileTokens: toolFileTokens(workspaceRoot),
  };
}

/**
 * Each query's time is the median of 21 calls, so a moment the process was descheduled (other work
 * on the machine) does not count as search time; p50 and p99 are over the queries.
 */
function latency(search: ToolSearch, queries: readonly string[]): SearchResult["latencyMs"] {
  for (const query of queries) search.search(query, { limit: 10 });
  const perQuery = queries.map((query) => {
    const calls: number[] = [];
    for (let i = 0; i < 21; i++) {
      const start = performance.now();
      search.search(query, { limit: 10 });
      calls.push(performance.now() - start);
    }
    return median(calls);
  });
  const ms = (value: number) => round(value, 3);
  return {
    p50: ms(quantile(perQuery, 0.5)),
    p99: ms(quantile(perQuery, 0.99)),
    max: ms(Math.max(...perQuery)),
    calls: queries.length * 21,
  };
}

function firstSearchCosts(
  manifests: ReturnType<typeof readManifests>,
  warmup: number,
  runs: number,
): PackageSearchCost[] {
  type Run = { importMs: number; firstSearchMs: number };
  const measured = interleave(
    Object.fromEntries(
      manifests.map((m) => [
        m.package,
        () => JSON.parse(timeNodeOk(["tools/bench/child/search-first.mjs", m.package]).stdout) as Run,
      ]),
    ),
    warmup,
    runs,
  );
  return manifests.map((m) => ({
    package: m.package,
    indexGzipBytes: gzipSync(
      readFileSync(join(workspaceRoot, "packages", m.package.replace("@toolcat/", ""), "search-index.json")),
      { level: 9 },
    ).length,
    importMs: stats(measured[m.package]!.map((run) => round(run.importMs, 2))),
    firstSearchMs: stats(measured[m.package]!.map((run) => round(run.firstSearchMs, 2))),
  }));
}
