// What toolcat's search is compared with, over the same text a model sees in the tool files (title,
// description, parameter names and descriptions): MiniSearch with its default settings, and a naive
// keyword match that counts the query's words found in that text.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import MiniSearch from "minisearch";

export interface ToolText {
  /** Full name (`CloudSheets.GetSpreadsheet`). */
  readonly name: string;
  readonly server: string;
  readonly text: string;
}

/** A search returning full names, best first. */
export type Ranker = (query: string) => string[];

/** A search giving each tool it ranks a score (full name → score), higher is better. */
export type Scorer = (query: string) => ReadonlyMap<string, number>;

interface McpToolFile {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: { readonly properties?: Readonly<Record<string, { readonly description?: string }>> };
}

/** Every tool's model-facing text, from each package's tools/mcp.json. */
export function toolTexts(root: string, slugs: readonly string[]): ToolText[] {
  return slugs.flatMap((slug) => {
    const tools = JSON.parse(readFileSync(join(root, "packages", slug, "tools/mcp.json"), "utf8")) as McpToolFile[];
    return tools.map((tool) => {
      const [server = "", short = ""] = tool.name.split("_");
      const parameters = Object.entries(tool.inputSchema.properties ?? {}).map(
        ([name, p]) => `${name} ${p.description ?? ""}`,
      );
      return { name: `${server}.${short}`, server, text: [tool.title, tool.description, ...parameters].join("\n") };
    });
  });
}

/** MiniSearch as it comes: one text field, no boosts, no stemming, no prefix or fuzzy matching. */
export function miniSearchDefaults(tools: readonly ToolText[]): Ranker {
  const index = new MiniSearch<{ id: string; text: string }>({ fields: ["text"] });
  index.addAll(tools.map((tool) => ({ id: tool.name, text: tool.text })));
  return (query) => index.search(query).map((result) => result.id as string);
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);

/** Tools ranked by how many distinct query words their text contains; ties in name order. */
export function naiveKeywords(tools: readonly ToolText[]): Ranker {
  const vocabularies = tools.map((tool) => ({ name: tool.name, words: new Set(wordsOf(tool.text)) }));
  return (query) => {
    const asked = [...new Set(wordsOf(query))];
    return vocabularies
      .map(({ name, words }) => ({ name, hits: asked.filter((word) => words.has(word)).length }))
      .filter(({ hits }) => hits > 0)
      .sort((a, b) => b.hits - a.hits || (a.name < b.name ? -1 : 1))
      .map(({ name }) => name);
  };
}
