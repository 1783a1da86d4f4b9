// Tokens a model reads, counted with the o200k encoding (GPT-4o and later) of gpt-tokenizer: the
// size of what a route puts in front of the model before any search.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";

/** o200k tokens of a text, such as a tool file or a route's bootstrap prompt. */
export function countTokens(text: string): number {
  return countO200k(text);
}

/** Tokens of every package's `tools/<format>.json`, summed per format (`anthropic` → tokens). */
export function toolFileTokens(root: string): Record<string, number> {
  const totals: Record<string, number> = {};
  const packages = join(root, "packages");
  for (const slug of readdirSync(packages).sort()) {
    const dir = join(packages, slug, "tools");
    let files: string[];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith(".json")).sort();
    } catch {
      continue; // the runtime and @toolcat/mcp have no tool files
    }
    for (const file of files) {
      const format = file.replace(/\.json$/, "");
      totals[format] = (totals[format] ?? 0) + countTokens(readFileSync(join(dir, file), "utf8"));
    }
  }
  return totals;
}
