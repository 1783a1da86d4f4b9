// Tokens a model reads, counted with the o200k encoding (GPT-4o and later) of gpt-tokenizer: the
// size of what a route puts in front of the model before any search, and what each tool costs.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";
import { median } from "./measure.ts";
import { quantile } from "./search-metrics.ts";

/** o200k tokens of a text, such as a tool file or a route's bootstrap prompt. */
export function countTokens(text: string): number {
  return countO200k(text);
}

/** Package directories that ship tool files (the runtime, @toolcat/mcp and @toolcat/code do not). */
function toolPackages(root: string): string[] {
  const packages = join(root, "packages");
  return readdirSync(packages)
    .sort()
    .map((slug) => join(packages, slug, "tools"))
    .filter((dir) => existsSync(dir));
}

/** Tokens of every package's `tools/<format>.json`, summed per format (`anthropic` → tokens). */
export function toolFileTokens(root: string): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const dir of toolPackages(root)) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".json")).sort()) {
      const format = file.replace(/\.json$/, "");
      totals[format] = (totals[format] ?? 0) + countTokens(readFileSync(join(dir, file), "utf8"));
    }
  }
  return totals;
}

/** The provider formats every tool is shipped in, one route each. */
export const toolRoutes = ["openai-chat", "openai-responses", "anthropic", "mcp"] as const;

export interface RouteToolTokens {
  readonly route: (typeof toolRoutes)[number];
  readonly tools: number;
  readonly median: number;
  readonly p90: number;
  readonly max: number;
}

/** The target: what one tool costs a model on any route, the median over the catalog. */
export const toolTokenTarget = 250;

/**
 * Tokens of each tool's entry on each route, as a provider SDK sends it (compact JSON), over every
 * package: its whole-package file, or its per-group files where it ships none (OpenAI's 128-tool cap).
 */
export function toolTokensByRoute(root: string): RouteToolTokens[] {
  return toolRoutes.map((route) => {
    const counts = toolPackages(root).flatMap((dir) => routeEntries(dir, `${route}.json`).map((entry) => countTokens(JSON.stringify(entry))));
    return { route, tools: counts.length, median: median(counts), p90: quantile(counts, 0.9), max: Math.max(...counts) };
  });
}

function routeEntries(dir: string, file: string): unknown[] {
  const read = (path: string): unknown[] => JSON.parse(readFileSync(path, "utf8")) as unknown[];
  if (existsSync(join(dir, file))) return read(join(dir, file));
  const groups = join(dir, "groups");
  return readdirSync(groups).sort().flatMap((group) => read(join(groups, group, file)));
}
