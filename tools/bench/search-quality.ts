// Tool search quality on both query sets, side by side: recall@5 and nDCG@10 catalog-wide (one
// search over all 260 tools, as createToolSearch over the seven packages), per kind of query, per
// server (the server's tools alone, as its package's searchTools), and how many queries got no hit
// at all; for toolcat's search, the alternatives tried on the way to it, and two baselines.
// Run alone: `node --import tsx tools/bench/search-quality.ts` (add `--misses` to list the tuning
// set's misses; the held-out set's are never listed: it is measured, not tuned on).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { searchDataFormat, type ToolSearchData } from "../../packages/runtime/src/search/data.ts";
import { defaultSearchSettings, type SearchSettings } from "../../packages/runtime/src/search/settings.ts";
import { toolSearchWith } from "../../packages/runtime/src/search/tool-search.ts";
import { workspaceRoot } from "./measure.ts";
import { readManifests } from "./openapi.ts";
import { miniSearchDefaults, naiveKeywords, toolTexts, type Ranker } from "./search-baselines.ts";
import { quality, rankOf, type Quality } from "./search-metrics.ts";
import { readQuerySet, serverOf, type JudgedQuery, type QuerySet } from "./search-sets.ts";

export interface SetQuality {
  readonly catalog: Quality;
  /** Catalog-wide, per kind of query (held-out set only). */
  readonly kinds: Readonly<Record<string, Quality>>;
  /** Each server's queries, searched among that server's tools alone. */
  readonly servers: Readonly<Record<string, Quality>>;
  /** Catalog-wide searches that returned no hit. */
  readonly emptyAnswers: number;
}

export interface ContenderQuality {
  readonly name: string;
  readonly sets: Readonly<Record<QuerySet, SetQuality>>;
}

/** The alternatives measured, the chosen one (the runtime's defaults) first. */
export function searchVariants(): { readonly name: string; readonly settings: SearchSettings }[] {
  const d = defaultSearchSettings;
  const noSynonyms = { ...d.boosts, verbSynonyms: 0, objectSynonyms: 0, related: 0 };
  return [
    { name: "toolcat (chosen)", settings: d },
    {
      name: "BM25F fields only: no synonyms, WordNet, values or actions",
      settings: { ...d, boosts: noSynonyms, queryValues: false, actionBoost: 1 },
    },
    { name: "without user-value handling", settings: { ...d, queryValues: false } },
    { name: "without action-kind boost", settings: { ...d, actionBoost: 1 } },
    {
      name: "with an object-coverage rerank (+25 % for a fully matched name object)",
      settings: { ...d, coverageBoost: 0.25 },
    },
  ];
}

/** Every generated package's search data, in directory order. */
export function packageSearchData(): ToolSearchData[] {
  return readManifests(workspaceRoot).map((m) => searchData(m.package.replace("@toolcat/", "")));
}

function searchData(slug: string): ToolSearchData {
  const data = JSON.parse(
    readFileSync(join(workspaceRoot, "packages", slug, "search-index.json"), "utf8"),
  ) as ToolSearchData;
  if (data.format !== searchDataFormat)
    throw new Error(`${slug}/search-index.json has format ${data.format}: run npm run generate`);
  return data;
}

export function evaluate(queries: readonly JudgedQuery[], rankers: (server: string | undefined) => Ranker): SetQuality {
  const catalog = rankers(undefined);
  const rankings = queries.map((q) => catalog(q.query).slice(0, 10));
  const ranks = queries.map((q, i) => rankOf(rankings[i]!, q.expected));
  const subset = (keep: (q: JudgedQuery) => boolean) => quality(ranks.filter((_, i) => keep(queries[i]!)));
  const kinds = [...new Set(queries.flatMap((q) => (q.kind === undefined ? [] : [q.kind])))].sort();
  const servers = [...new Set(queries.map(serverOf))].sort();
  return {
    catalog: quality(ranks),
    kinds: Object.fromEntries(kinds.map((kind) => [kind, subset((q) => q.kind === kind)])),
    servers: Object.fromEntries(
      servers.map((server) => {
        const own = rankers(server);
        return [
          server,
          quality(
            queries.filter((q) => serverOf(q) === server).map((q) => rankOf(own(q.query).slice(0, 10), q.expected)),
          ),
        ];
      }),
    ),
    emptyAnswers: rankings.filter((ranking) => ranking.length === 0).length,
  };
}

export function benchSearchQuality(): ContenderQuality[] {
  const manifests = readManifests(workspaceRoot);
  const slugs = manifests.map((m) => m.package.replace("@toolcat/", ""));
  const data = new Map(slugs.map((slug) => [slug, searchData(slug)]));
  const sets = { tuning: readQuerySet("tuning"), heldOut: readQuerySet("heldOut") };
  const texts = toolTexts(workspaceRoot, slugs);
  const contenders: { name: string; rankers: (server: string | undefined) => Ranker }[] = searchVariants().map(
    ({ name, settings }) => {
      const catalog = toolSearchWith(
        [...data.values()].map((toolSearchIndex) => ({ toolSearchIndex })),
        settings,
      );
      const own = new Map(
        [...data.values()].map((d) => [d.server, toolSearchWith([{ toolSearchIndex: d }], settings)]),
      );
      return {
        name,
        rankers: (server) => (query) =>
          (server === undefined ? catalog : own.get(server)!).search(query, { limit: 10 }).map((hit) => hit.name),
      };
    },
  );
  const baseline = (name: string, make: (tools: typeof texts) => Ranker) => ({
    name,
    rankers: (server: string | undefined) =>
      make(server === undefined ? texts : texts.filter((t) => t.server === server)),
  });
  contenders.push(baseline("MiniSearch defaults", miniSearchDefaults), baseline("naive keywords", naiveKeywords));
  return contenders.map(({ name, rankers }) => ({
    name,
    sets: { tuning: evaluate(sets.tuning, rankers), heldOut: evaluate(sets.heldOut, rankers) },
  }));
}

/** The tuning set's misses (expected tool not in the first five) for the chosen search. */
export function tuningMisses(): string[] {
  const slugs = readManifests(workspaceRoot).map((m) => m.package.replace("@toolcat/", ""));
  const search = toolSearchWith(
    slugs.map((slug) => ({ toolSearchIndex: searchData(slug) })),
    defaultSearchSettings,
  );
  return readQuerySet("tuning").flatMap((q) => {
    const names = search.search(q.query, { limit: 5 }).map((hit) => hit.name);
    return rankOf(names, q.expected) === undefined
      ? [`${q.query} → ${q.expected.join(" | ")}; got ${names.slice(0, 3).join(", ")}`]
      : [];
  });
}

/** One set's figures on two lines (R@5/nDCG@10): catalog-wide and by kind, then per server. */
export function setQualityLines(s: SetQuality): string {
  const f = (value: number) => value.toFixed(3);
  const brief = (q: Quality) => `${f(q.recallAt5)}/${f(q.ndcgAt10)}`;
  const kinds = Object.entries(s.kinds)
    .map(([kind, q]) => `${kind} ${brief(q)}`)
    .join(", ");
  const servers = Object.entries(s.servers)
    .map(([server, q]) => `${server} ${brief(q)}`)
    .join(", ");
  return (
    `catalog ${brief(s.catalog)} (${s.catalog.queries} q, ${s.emptyAnswers} ` +
    `empty)${kinds ? `; ${kinds}` : ""}\n  servers: ${servers}`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const contender of benchSearchQuality()) {
    console.log(`\n## ${contender.name}   (R@5/nDCG@10)`);
    for (const [set, s] of Object.entries(contender.sets)) console.log(`${set}: ${setQualityLines(s)}`);
  }
  if (process.argv.includes("--misses")) for (const miss of tuningMisses()) console.log(miss);
}
