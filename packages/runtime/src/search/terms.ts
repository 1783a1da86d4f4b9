// How text becomes search terms, shared by the generator (tool documents, at generation time) and
// the runtime (queries), so both sides agree on every term: words split at case changes and
// punctuation, lowercased, common filler words dropped, then stemmed (Porter2).

/** A stemmer: one lowercase word in, its stem out. */
export type Stem = (word: string) => string;

// Words that say nothing about which tool is meant; kept short so no catalog word is lost.
const fillerWords = new Set(
  (
    "a an the of to for in on at by with and or from into onto about is are be been it its this that these those " +
    "my me i we our us you your want wants need needs please can could would should how do does did some any " +
    "which what there so just let like via using"
  ).split(" "),
);

/** Whether a search ignores this (lowercase) word. */
export function isFillerWord(word: string): boolean {
  return fillerWords.has(word);
}

/** The words of a text: `GetSpreadsheetMetadata`, `spreadsheet_id` and `OpenAPI spec` all split. */
export function words(text: string): string[] {
  const spaced = text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .toLowerCase();
  return spaced.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
}

/** The search terms of a text: its words without filler words, stemmed. */
export function searchTerms(text: string, stem: Stem): string[] {
  return words(text)
    .filter((word) => !isFillerWord(word))
    .map(stem);
}
