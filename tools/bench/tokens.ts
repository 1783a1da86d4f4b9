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
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()) {
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
    const counts = toolPackages(root).flatMap((dir) =>
      routeEntries(dir, `${route}.json`).map((entry) => countTokens(JSON.stringify(entry))),
    );
    return {
      route,
      tools: counts.length,
      median: median(counts),
      p90: quantile(counts, 0.9),
      max: Math.max(...counts),
    };
  });
}

function routeEntries(dir: string, file: string): unknown[] {
  const read = (path: string): unknown[] => JSON.parse(readFileSync(path, "utf8")) as unknown[];
  if (existsSync(join(dir, file))) return read(join(dir, file));
  const groups = join(dir, "groups");
  return readdirSync(groups)
    .sort()
    .flatMap((group) => read(join(groups, group, file)));
}

/** The routes that carry a tool's example calls, and how each shows them. */
export const exampleRoutes = ["anthropic", "mcp", "code"] as const;

/** What the example calls cost on one route: the route's tokens over every tool with and without them. */
export interface RouteExampleTokens {
  readonly route: (typeof exampleRoutes)[number];
  /** Tools that carry at least one example on this route. */
  readonly tools: number;
  readonly withExamples: number;
  readonly withoutExamples: number;
  /** Median tokens the examples add to one tool that has them. */
  readonly medianAdded: number;
}

/** A route's entries (or, for code mode, each doc comment and the rest of the file) with and without their examples. */
function examplePairs(dir: string, route: (typeof exampleRoutes)[number]): [string, string][] {
  if (route === "code") {
    const declarations = readFileSync(join(dir, "..", "code", "api.d.ts"), "utf8");
    const docs = declarations.match(/\/\*\*[\s\S]*?\*\//g) ?? [];
    // Each doc comment with and without its example, and the rest of the file (the same either way).
    const rest = docs.reduce((text, doc) => text.replace(doc, ""), declarations);
    return [
      ...docs.map((doc): [string, string] => [doc, doc.replace(/\n\s*\* @example[\s\S]*?(?=\n\s*\*\/)/, "")]),
      [rest, rest],
    ];
  }
  return routeEntries(dir, `${route}.json`).map((entry) => {
    const { input_examples: _examples, ...rest } = entry as { input_examples?: unknown; description?: string };
    const without =
      route === "mcp" ? { ...rest, description: rest.description?.replace(/ Example: \{.*\}$/, "") } : rest;
    return [JSON.stringify(entry), JSON.stringify(without)];
  });
}

/**
 * Tokens the example calls add per route (Anthropic input_examples, the MCP description's example, code mode's
 * @example), over every package.
 */
export function exampleTokensByRoute(root: string): RouteExampleTokens[] {
  return exampleRoutes.map((route) => {
    const pairs = toolPackages(root)
      .flatMap((dir) => examplePairs(dir, route))
      .map(([withText, withoutText]) => [countTokens(withText), countTokens(withoutText)] as const);
    const added = pairs.map(([withCount, withoutCount]) => withCount - withoutCount).filter((count) => count > 0);
    const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
    return {
      route,
      tools: added.length,
      withExamples: sum(pairs.map(([w]) => w)),
      withoutExamples: sum(pairs.map(([, w]) => w)),
      medianAdded: added.length === 0 ? 0 : median(added),
    };
  });
}
