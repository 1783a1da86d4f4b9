// The catalog's own words for what its tools do and what they act on, taken from the tool names:
// a route can name them in its search tool's description, so a model asks in the words the index
// knows best ("list candidates", not "show me the people who applied").
import type { ToolSearchDocument } from "./data.js";
import { isFillerWord, words } from "./terms.js";

export interface ToolVocabulary {
  /** First words of the tool names (`list`, `get`, `create`), most used first. */
  readonly actions: readonly string[];
  /** The other words of the names (`candidate`, `job`, `webhook`), most used first. */
  readonly things: readonly string[];
}

export function toolVocabulary(documents: readonly ToolSearchDocument[]): ToolVocabulary {
  const actions = new Map<string, number>();
  const things = new Map<string, number>();
  for (const document of documents) {
    const [action, ...rest] = words(document.title);
    if (action !== undefined) count(actions, action);
    for (const word of rest) if (!isFillerWord(word)) count(things, word);
  }
  return { actions: ranked(actions), things: ranked(things) };
}

function count(counts: Map<string, number>, word: string): void {
  counts.set(word, (counts.get(word) ?? 0) + 1);
}

/** Most used first, then alphabetical, so the list is the same for the same tools. */
function ranked(counts: ReadonlyMap<string, number>): string[] {
  return [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0)).map(([word]) => word);
}
