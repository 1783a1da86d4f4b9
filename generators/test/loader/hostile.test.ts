// Hostile spec files: random mutations of a good spec built from the pieces that break YAML
// loaders (aliases, tags, complex keys, controls, brackets, prototype names). Whatever the input,
// the loader returns or throws a SpecError with positioned, known diagnostics: never another
// error, never a hang.
import { describe, expect, it } from "vitest";
import { SpecError, diagnosticCodes } from "../../src/loader/diagnostics.ts";
import { loadCatalog } from "../../src/loader/load.ts";
import { workspaceRoot } from "../support.ts";
import { file, good } from "./cases.ts";

const pieces = [
  "*nope",
  "&a ",
  "*a",
  "!!js/function ",
  "!foo ",
  "!!binary ",
  "? [a, b]\n: 1\n",
  "\0",
  "\x1b",
  "\x85",
  "\u202e",
  "\u2028",
  "\ud800",
  "\udc00",
  "[",
  "{",
  "]",
  "}",
  ": ",
  "- ",
  "\n",
  "  ",
  '"',
  "'",
  "\\",
  "#",
  "|\n",
  ">-\n",
  "%YAML 1.1\n",
  "---\n",
  "...\n",
  "<<: *a\n",
  "__proto__",
  "constructor",
  "&x [*x]",
  "\t",
  "\r",
  "\ufeff",
  '"\\u0000"',
  '"\\uD800"',
  "~",
  "null",
  "1e999",
  "0x1F",
  "{{a}}",
  "${a}",
  "*/",
];

function mutate(seed: number): string {
  let state = seed + 1;
  const next = (n: number): number => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
  let text = good;
  for (let edits = 1 + next(4); edits > 0; edits--) {
    const at = next(text.length);
    const piece = pieces[next(pieces.length)] ?? "";
    const cut = next(3) === 0 ? next(8) : 0;
    text = text.slice(0, at) + piece.repeat(1 + (next(5) === 0 ? next(50) : 0)) + text.slice(at + cut);
  }
  return text;
}

describe("hostile spec files", () => {
  it.each(Array.from({ length: 400 }, (_, seed) => seed))("mutation %i loads or fails with diagnostics", (seed) => {
    const text = mutate(seed);
    const lines = text.split("\n").length;
    try {
      loadCatalog({ root: workspaceRoot, only: [file], overrides: new Map([[file, text]]) });
    } catch (error) {
      expect(error).toBeInstanceOf(SpecError);
      for (const d of (error as SpecError).diagnostics) {
        expect(diagnosticCodes).toContain(d.code);
        expect(d.line).toBeGreaterThanOrEqual(1);
        expect(d.line).toBeLessThanOrEqual(lines + 1);
        expect(d.col).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
