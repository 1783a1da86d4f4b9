// The user's own values in a query (an e-mail address, a link, a cell reference, an id, a number,
// a name, a quoted title) say nothing about which tool is meant, except through their kind:
// "jane@acme.com" asks for a tool about e-mail, "B7" for one about cells. Each value is replaced by
// the word for its kind, or dropped when its kind says nothing, before the query is analysed; a
// word the index knows (`OAuth2`, `S3`) is never taken for a value.

/** Whether the index holds this word (lowercase, before stemming). */
export type KnownWord = (word: string) => boolean;

type Rule = readonly [pattern: RegExp, word: string, always?: boolean];

// Order matters: a link may hold an e-mail address or digits, a range holds two cell references.
const rules: readonly Rule[] = [
  [/"[^"]*"|“[^”]*”/g, " ", true],
  [/\b(?:https?:\/\/|www\.)\S+/gi, " url ", true],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, " email ", true],
  [/(?:\b[\w.-]+!)?\$?\b[A-Z]{1,3}\$?\d{1,7}:\$?[A-Z]{1,3}\$?\d{1,7}\b/g, " range ", true],
  [/\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?\b/g, " date ", true],
  [/(?:^|\s)\+?\d[\d ().-]{6,}\d\b/g, " phone ", true],
  [/\b[A-Z]{1,2}\d{1,7}\b/g, " cell "],
  // An id: a word with digits in it (cand_8812, 3f2a9c1e, job-42).
  [/\b(?=[\w-]*\d)[\w-]*[a-z_-][\w-]*\b/gi, " id "],
  [/\b\d+(?:[.,]\d+)*\b/g, " ", true],
  // A name: a capitalised word after the first, which the index does not know (Maria, Acme).
  [/(?<=\S\s+)\p{Lu}\p{Ll}+\b/gu, " "],
];

/** The query with each of the user's values replaced by the word for its kind. */
export function withoutValues(query: string, known: KnownWord): string {
  return rules.reduce(
    (text, [pattern, word, always]) =>
      text.replace(pattern, (value) => (always || !known(value.trim().toLowerCase()) ? word : value)),
    query,
  );
}
