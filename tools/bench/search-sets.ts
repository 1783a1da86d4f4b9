// The tool search's two query sets, in one shape. The tuning set (search-queries.json: query → the
// one tool it asks for) was written together with the synonym table and is the only set tuning
// decisions look at. The held-out set (search-heldout.json, how it was written in
// search-heldout.md) was written from the seed documents and the tool list alone; the bench only
// measures on it, in aggregate.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { workspaceRoot } from "./measure.ts";

export interface JudgedQuery {
  readonly query: string;
  /** The tools that answer it: a hit on any of them counts. */
  readonly expected: readonly string[];
  /** task, keyword, paraphrase or near-neighbour; the tuning set's queries have none. */
  readonly kind?: string;
}

export const querySets = {
  tuning: "tools/bench/search-queries.json",
  heldOut: "tools/bench/search-heldout.json",
} as const;
export type QuerySet = keyof typeof querySets;

export function readQuerySet(set: QuerySet, root = workspaceRoot): JudgedQuery[] {
  const data = JSON.parse(readFileSync(join(root, querySets[set]), "utf8")) as unknown;
  if (Array.isArray(data)) return data as JudgedQuery[];
  return Object.entries(data as Record<string, string>).map(([query, expected]) => ({ query, expected: [expected] }));
}

/** The server a query belongs to: that of its (first) expected tool. */
export const serverOf = (query: JudgedQuery): string => query.expected[0]!.split(".")[0]!;
