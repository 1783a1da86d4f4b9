// Section 7: tool search. Ranking quality on tools/bench/search-queries.json (query → the one tool
// it asks for), per server (searching that package alone) and catalog-wide (all packages through
// createToolSearch), for toolcat, MiniSearch with default settings and a naive keyword match;
// search latency in-process; what the first search costs a fresh process; index size; cold import
// before search was added and now; and the tokens of the full tool files, what a model reads before
// any search when it gets every tool.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { ToolSearch } from "@toolcat/runtime";
import { interleave, median, round, stats, timeNodeOk, workspaceRoot, type Stats } from "./measure.ts";
import { readManifests } from "./openapi.ts";
import { importBeforeAfter, type ImportBeforeAfter } from "./search-import.ts";
import { miniSearchDefaults, naiveKeywords, toolTexts, type Ranker } from "./search-baselines.ts";
import { quality, quantile, rankOf, type Quality } from "./search-metrics.ts";
import { toolFileTokens } from "./tokens.ts";

export const contenders = ["toolcat", "minisearchDefaults", "naiveKeywords"] as const;
export type Contender = (typeof contenders)[number];

export interface ContenderQuality {
  /** Queries for each server's tools, searched in that server's package alone. */
  readonly servers: Readonly<Record<string, Quality>>;
  /** Every query, searched over all 260 tools at once. */
  readonly catalog: Quality;
}

export interface PackageSearchCost {
  readonly package: string;
  readonly indexGzipBytes: number;
  readonly importMs: Stats;
  readonly firstSearchMs: Stats;
}

export interface SearchResult {
  readonly queries: number;
  readonly quality: Readonly<Record<Contender, ContenderQuality>>;
  /** Catalog-wide toolcat searches, in-process, after a warm-up: each query's median call, ms. */
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly max: number; readonly calls: number };
  readonly packages: readonly PackageSearchCost[];
  /** Cold import of the largest and a small package, before search was added and now. */
  readonly importBeforeAfter: readonly ImportBeforeAfter[];
  /** o200k tokens of every package's tools/<format>.json, summed per format. */
  readonly toolFileTokens: Readonly<Record<string, number>>;
}

export const queriesFile = "tools/bench/search-queries.json";

export function readQueries(root = workspaceRoot): [query: string, expected: string][] {
  return Object.entries(JSON.parse(readFileSync(join(root, queriesFile), "utf8")) as Record<string, string>);
}

interface SearchPackage {
  readonly toolSearchIndex: unknown;
  searchTools(query: string, options?: { limit?: number }): { name: string }[];
}

function evaluate(queries: readonly [string, string][], servers: readonly string[], rankers: (server: string | undefined) => Ranker): ContenderQuality {
  const score = (subset: readonly [string, string][], rank: Ranker): Quality => quality(subset.map(([query, expected]) => rankOf(rank(query).slice(0, 10), expected)));
  const perServer = Object.fromEntries(servers.map((server) => [server, score(queries.filter(([, expected]) => expected.startsWith(`${server}.`)), rankers(server))]));
  return { servers: perServer, catalog: score(queries, rankers(undefined)) };
}

export async function benchSearch(warmup = 1, runs = 3): Promise<SearchResult> {
  const queries = readQueries();
  const manifests = readManifests(workspaceRoot);
  const servers = manifests.map((m) => m.server.name);
  const modules = new Map<string, SearchPackage>();
  for (const m of manifests) modules.set(m.server.name, (await import(m.package)) as SearchPackage);
  const { createToolSearch } = await import("@toolcat/runtime");
  const catalog: ToolSearch = createToolSearch([...modules.values()] as Parameters<typeof createToolSearch>[0]);
  const toolcatRanker = (server: string | undefined): Ranker => {
    const search = server === undefined ? catalog.search : modules.get(server)!.searchTools;
    return (query) => search(query, { limit: 10 }).map((hit) => hit.name);
  };
  const texts = toolTexts(workspaceRoot, manifests.map((m) => m.package.replace("@toolcat/", "")));
  const baseline = (make: (tools: typeof texts) => Ranker) => (server: string | undefined) => make(server === undefined ? texts : texts.filter((t) => t.server === server));
  const qualities = {
    toolcat: evaluate(queries, servers, toolcatRanker),
    minisearchDefaults: evaluate(queries, servers, baseline(miniSearchDefaults)),
    naiveKeywords: evaluate(queries, servers, baseline(naiveKeywords)),
  };
  return {
    queries: queries.length,
    quality: qualities,
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
function latency(search: ToolSearch, queries: readonly [string, string][]): SearchResult["latencyMs"] {
  for (const [query] of queries) search.search(query, { limit: 10 });
  const perQuery = queries.map(([query]) => {
    const calls: number[] = [];
    for (let i = 0; i < 21; i++) {
      const start = performance.now();
      search.search(query, { limit: 10 });
      calls.push(performance.now() - start);
    }
    return median(calls);
  });
  const ms = (value: number) => round(value, 3);
  return { p50: ms(quantile(perQuery, 0.5)), p99: ms(quantile(perQuery, 0.99)), max: ms(Math.max(...perQuery)), calls: queries.length * 21 };
}

function firstSearchCosts(manifests: ReturnType<typeof readManifests>, warmup: number, runs: number): PackageSearchCost[] {
  type Run = { importMs: number; firstSearchMs: number };
  const measured = interleave(
    Object.fromEntries(manifests.map((m) => [m.package, () => JSON.parse(timeNodeOk(["tools/bench/child/search-first.mjs", m.package]).stdout) as Run])),
    warmup,
    runs,
  );
  return manifests.map((m) => ({
    package: m.package,
    indexGzipBytes: gzipSync(readFileSync(join(workspaceRoot, "packages", m.package.replace("@toolcat/", ""), "search-index.json")), { level: 9 }).length,
    importMs: stats(measured[m.package]!.map((run) => round(run.importMs, 2))),
    firstSearchMs: stats(measured[m.package]!.map((run) => round(run.firstSearchMs, 2))),
  }));
}
