// Document expansion: the words a person may use for a tool's own words, added to the tool's
// `synonyms` field at generation time, so a query needs no table of its own. The groups come from
// the catalog's synonym table (toolcat's judgment, in specs/catalog.yaml).
import { searchTerms, type Stem } from "../../../../packages/runtime/src/search/terms.ts";

/** The stemmed terms to add for a text's words: every other word of each group that holds one of them. */
export type Expansion = (text: string) => string[];

export function synonymExpansion(groups: readonly (readonly string[])[], stem: Stem): Expansion {
  const byTerm = new Map<string, string[]>();
  for (const group of groups) {
    const stems = group.flatMap((word) => searchTerms(word, stem));
    for (const term of new Set(stems)) byTerm.set(term, [...(byTerm.get(term) ?? []), ...stems]);
  }
  return (text) => {
    const own = searchTerms(text, stem);
    const added = own.flatMap((term) => byTerm.get(term) ?? []);
    return [...new Set(added)].filter((term) => !own.includes(term));
  };
}
