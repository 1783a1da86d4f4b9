// Ranking quality from the rank of each query's expected tool (1 = first, undefined = not in the
// ranking; where a query names two equally right tools, the better ranked one): recall@k (an
// expected tool among the first k), mean reciprocal rank and nDCG@10, which with one relevant tool
// per query is 1 / log2(rank + 1) within the first ten.

export interface Quality {
  readonly queries: number;
  readonly recallAt1: number;
  readonly recallAt5: number;
  readonly mrr: number;
  readonly ndcgAt10: number;
}

export function quality(ranks: readonly (number | undefined)[]): Quality {
  const mean = (score: (rank: number) => number): number =>
    ranks.length === 0
      ? 0
      : ranks.reduce<number>((sum, rank) => sum + (rank === undefined ? 0 : score(rank)), 0) / ranks.length;
  return {
    queries: ranks.length,
    recallAt1: mean((rank) => (rank <= 1 ? 1 : 0)),
    recallAt5: mean((rank) => (rank <= 5 ? 1 : 0)),
    mrr: mean((rank) => 1 / rank),
    ndcgAt10: mean((rank) => (rank <= 10 ? 1 / Math.log2(rank + 1) : 0)),
  };
}

/** The 1-based rank of `expected` (the best-ranked of several) in `ranking`, or undefined when absent. */
export function rankOf(ranking: readonly string[], expected: string | readonly string[]): number | undefined {
  const ranks = (typeof expected === "string" ? [expected] : expected)
    .map((name) => ranking.indexOf(name))
    .filter((index) => index !== -1);
  return ranks.length === 0 ? undefined : Math.min(...ranks) + 1;
}

/** The value at quantile `q` (0–1) of `values`, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}
