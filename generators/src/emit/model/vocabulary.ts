// The catalog's own words for what a server's tools act on, derived from the IR: the spec's
// keywords, its topic headings and the object nouns of its tool names (GetSpreadsheetMetadata →
// spreadsheet, metadata). Search tool and namespace descriptions name them, so a model searches in
// the words the index holds rather than guessing synonyms.
import { kebabCase } from "../../ir/naming.ts";
import type { Server, Tool } from "../../ir/types.ts";
import type { CatalogVocabulary } from "../../../../packages/runtime/src/manifest.ts";

/** Words that join nouns in tool names (ListJobsByStatus, WhoAmI) and carry no subject of their own. */
const joiners = new Set([
  "a",
  "all",
  "am",
  "an",
  "and",
  "at",
  "by",
  "for",
  "from",
  "i",
  "in",
  "is",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);

const limits = { objects: 24, actions: 12 } as const;

export function vocabulary(server: Server, tools: readonly Tool[] = server.tools): CatalogVocabulary {
  const objects = new Map<string, number>();
  const actions = new Map<string, number>();
  for (const tool of tools) {
    const [verb, ...rest] = kebabCase(tool.name).split("-");
    if (verb === undefined || rest.length === 0) continue;
    actions.set(verb, (actions.get(verb) ?? 0) + 1);
    for (const word of rest)
      if (!joiners.has(word) && word.length > 1) objects.set(singular(word), (objects.get(singular(word)) ?? 0) + 1);
  }
  const groups = [...new Set(tools.flatMap((tool) => (tool.group === undefined ? [] : [tool.group])))];
  return {
    keywords: server.keywords,
    objects: ranked(objects).slice(0, limits.objects),
    actions: ranked(actions).slice(0, limits.actions),
    groups,
  };
}

/** One sentence naming the vocabulary: what a namespace or search tool description ends with. */
export function vocabularyText(words: Pick<CatalogVocabulary, "keywords" | "objects" | "actions">): string {
  const parts = [
    ...(words.keywords.length > 0 ? [`topics: ${words.keywords.join(", ")}`] : []),
    ...(words.objects.length > 0 ? [`objects: ${words.objects.join(", ")}`] : []),
    ...(words.actions.length > 0 ? [`actions: ${words.actions.join(", ")}`] : []),
  ];
  return parts.length === 0 ? "" : `Catalog words (${parts.join("; ")}).`;
}

/** Plural nouns folded onto their singular, so `Candidates` and `Candidate` count as one word. */
function singular(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  return word.endsWith("s") && word.length > 3 ? word.slice(0, -1) : word;
}

/** Most frequent first; ties in code-unit order, so output is byte-stable. */
function ranked(counts: ReadonlyMap<string, number>): string[] {
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).map(([word]) => word);
}
