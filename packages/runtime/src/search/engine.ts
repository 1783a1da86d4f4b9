// The search engine behind every tool search: MiniSearch (BM25+) over the tool documents of one or
// more packages. Importing it only defines classes and functions; the index is built on the first
// search. Documents arrive already analysed (stemmed terms), so building the index is only
// MiniSearch's own work; queries go through the same analysis (terms.ts), after the user's own
// values are read as their kind (query-values.ts). Tools of the kind of action asked for count
// more (actions.ts); a query none of whose words the index holds still gets its nearest tools by
// spelling (fallback.ts), with confidence 0.
import MiniSearch, { type SearchResult } from "minisearch";
import { actionKinds, type ActionKind } from "./actions.js";
import { searchFields, type SearchField, type ToolSearchDocument } from "./data.js";
import { trigramRanking } from "./fallback.js";
import { withoutValues } from "./query-values.js";
import type { SearchSettings } from "./settings.js";
import { stem } from "./stemmer.js";
import { searchTerms } from "./terms.js";

export interface EngineHit {
  readonly document: ToolSearchDocument;
  readonly score: number;
  /** The share of the query's words the tool matched, 0 to 1. */
  readonly confidence: number;
}

/** Searches a fixed list of documents; the list's order is the tie-break. */
export interface Engine {
  search(query: string): EngineHit[];
}

const splitTerms = (text: string): string[] => text.split(" ");

export function createEngine(documents: readonly ToolSearchDocument[], settings: SearchSettings): Engine {
  // The actions the catalog's tool names use, and the words for them: what makes a query name one.
  const actions = new Set(documents.flatMap((d) => `${d.terms.verb} ${d.terms.verbSynonyms}`.split(" ")));
  const vocabulary = new Set(documents.flatMap((d) => searchFields.flatMap((field) => d.terms[field].split(" "))));
  const kindsOf = actionKinds(stem);
  const toolKinds = documents.map((d) => new Set(kindsOf(d.terms.verb)));
  const fallback = trigramRanking(documents);
  const objects = documents.map((d) => [...new Set(d.terms.object.split(" ").filter((term) => term !== ""))]);
  const fields = searchFields.filter((field) => settings.boosts[field] > 0);
  const index = new MiniSearch<{ id: number } & Partial<Record<SearchField, string>>>({
    fields: [...fields],
    tokenize: splitTerms,
    processTerm: (term) => (term === "" ? null : term),
  });
  index.addAll(
    documents.map((document, id) => ({
      id,
      ...Object.fromEntries(fields.map((field) => [field, document.terms[field]])),
    })),
  );
  return {
    search(query) {
      const read = settings.queryValues ? withoutValues(query, (word) => vocabulary.has(stem(word))) : query;
      const terms = [...new Set(searchTerms(read, stem))];
      if (terms.length === 0) return searchTerms(query, stem).length === 0 ? [] : fallbackHits(query);
      const namesAction = terms.some((term) => actions.has(term));
      const asked = new Set<ActionKind>(settings.actionBoost === 1 ? [] : terms.flatMap(kindsOf));
      const boost = (id: number): number =>
        (!namesAction && documents[id]!.readOnly ? settings.lookupBoost : 1) *
        ([...toolKinds[id]!].some((kind) => asked.has(kind)) ? settings.actionBoost : 1);
      const results: SearchResult[] = index.search(terms.join(" "), {
        boost: settings.boosts,
        boostDocument: (id) => boost(id as number),
        combineWith: "OR",
        // Typing slips in longer words still find the tool; the last word may be cut short.
        fuzzy: (term) => (term.length > 5 ? 0.2 : false),
        prefix: (term, i, all) => i === all.length - 1 && term.length > 2,
      });
      if (results.length === 0) return fallbackHits(query);
      const hits = results.map((result) => ({
        id: result.id as number,
        score: result.score * (1 + settings.coverageBoost * coverage(result)),
        confidence: new Set(result.queryTerms).size / terms.length,
      }));
      // Equal scores keep document order (full names), whatever order MiniSearch met them in.
      hits.sort((a, b) => b.score - a.score || a.id - b.id);
      return hits.map(({ id, score, confidence }) => ({ document: documents[id]!, score, confidence }));
    },
  };

  /** The share of the hit's object words (its name less the verb) that the query matched. */
  function coverage(result: SearchResult): number {
    const own = objects[result.id as number]!;
    if (settings.coverageBoost === 0 || own.length === 0) return 0;
    return own.filter((term) => result.match[term]?.includes("object")).length / own.length;
  }

  function fallbackHits(query: string): EngineHit[] {
    return fallback(query).map(({ id, score }) => ({ document: documents[id]!, score, confidence: 0 }));
  }
}
