// When no word of a query is in the index (a typo past fuzzy matching, a word the catalog never
// uses), the search still answers: tools ranked by the letter triples their title, description and
// group share with the query (Dice's coefficient, 0 to 1). These hits carry confidence 0.
import type { ToolSearchDocument } from "./data.js";

export interface FallbackHit {
  readonly id: number;
  readonly score: number;
}

function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === "") continue;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

export function trigramRanking(documents: readonly ToolSearchDocument[]): (query: string) => FallbackHit[] {
  let grams: Set<string>[] | undefined;
  return (query) => {
    grams ??= documents.map((d) => trigrams(`${d.title} ${d.description} ${d.group ?? ""}`));
    const asked = trigrams(query);
    return grams
      .map((own, id) => {
        let shared = 0;
        for (const gram of asked) if (own.has(gram)) shared++;
        return { id, score: asked.size + own.size === 0 ? 0 : (2 * shared) / (asked.size + own.size) };
      })
      .sort((a, b) => b.score - a.score || a.id - b.id);
  };
}
