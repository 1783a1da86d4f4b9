// The search engine behind every tool search: MiniSearch (BM25+) over the tool documents of one or
// more packages. Importing it only defines classes and functions; the index is built on the first
// search. Documents arrive already analysed (stemmed terms), so building the index is only
// MiniSearch's own work; queries go through the same analysis (terms.ts).
import MiniSearch, { type SearchResult } from "minisearch";
import { searchFields, type SearchField, type ToolSearchDocument } from "./data.js";
import { stem } from "./stemmer.js";
import { searchTerms } from "./terms.js";

/** How much a match in each field counts: the tool's own name most, its parameters' words least. */
export const fieldBoosts: Readonly<Record<SearchField, number>> = {
  verb: 2,
  object: 3,
  verbSynonyms: 1.5,
  objectSynonyms: 1.5,
  related: 0.5,
  group: 1.5,
  description: 1,
  parameters: 0.4,
  values: 0.3,
  server: 0.8,
  annotations: 0.5,
};

export interface EngineHit {
  readonly document: ToolSearchDocument;
  readonly score: number;
}

/** Searches a fixed list of documents; the list's order is the tie-break. */
export interface Engine {
  search(query: string): EngineHit[];
}

const splitTerms = (text: string): string[] => text.split(" ");

/**
 * A query naming no action ("interviewer pool details", "survey responses") asks to see something:
 * read-only tools then count this much more.
 */
export const lookupBoost = 1.3;

export function createEngine(documents: readonly ToolSearchDocument[]): Engine {
  // The actions the catalog's tool names use, and the words for them: what makes a query name one.
  const actions = new Set(documents.flatMap((d) => `${d.terms.verb} ${d.terms.verbSynonyms}`.split(" ")));
  const index = new MiniSearch<{ id: number } & Record<SearchField, string>>({
    fields: [...searchFields],
    tokenize: splitTerms,
    processTerm: (term) => (term === "" ? null : term),
  });
  index.addAll(documents.map((document, id) => ({ id, ...document.terms })));
  return {
    search(query) {
      const terms = searchTerms(query, stem);
      if (terms.length === 0) return [];
      const namesAction = terms.some((term) => actions.has(term));
      const results: SearchResult[] = index.search(terms.join(" "), {
        boost: fieldBoosts,
        ...(!namesAction && { boostDocument: (id) => (documents[id as number]!.readOnly ? lookupBoost : 1) }),
        combineWith: "OR",
        // Typing slips in longer words still find the tool; the last word may be cut short.
        fuzzy: (term) => (term.length > 5 ? 0.2 : false),
        prefix: (term, i, all) => i === all.length - 1 && term.length > 2,
      });
      // Equal scores keep document order (full names), whatever order MiniSearch met them in.
      results.sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number));
      return results.map((result) => ({ document: documents[result.id as number]!, score: result.score }));
    },
  };
}
