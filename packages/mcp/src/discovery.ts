// search_tools and describe_tools, shared by search mode and code mode: search ranks the served
// tools for a task in words, describe gives chosen tools in the form the mode works with (input
// schemas to call, or TypeScript declarations to program against). Each mode names its tools its own
// way; tools the filters leave out are never found or described.
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import {
  createToolSearch,
  searchQueryDescription,
  searchToolDescription,
  type ToolSearchPackage,
} from "@toolcat/runtime";
import { nameForms } from "./names.js";
import { errorResult, invalidArguments, successResult } from "./results.js";
import type { Handler, ServedTool } from "./served.js";
import { describeArguments, maxDescribed, searchArguments, unknownName } from "./tool-arguments.js";
import type { Toolkit } from "./toolkit.js";

/** The search API's bound on hits, and its default. */
const maxLimit = 50;
const defaultLimit = 5;

/** How a mode presents the served tools. */
export interface Catalog {
  /** The name search_tools gives a tool; describe_tools takes it, and every other name form too. */
  readonly nameOf: (entry: ServedTool) => string;
  /** describe_tools' answer for the named tools, in the order asked. */
  readonly describe: (entries: readonly ServedTool[]) => CallToolResult;
  /** What search_tools' description says to do with the names it returns. */
  readonly next: string;
  /** describe_tools' description. */
  readonly describes: string;
}

export interface Discovery {
  /** search_tools and describe_tools. */
  readonly listing: readonly Tool[];
  readonly handlers: Readonly<Record<string, Handler>>;
  /** The served tool a name in any form names, if any. */
  find(name: string): ServedTool | undefined;
  /** The isError result for a name no served tool has, with the closest names to use instead. */
  unknown(name: string): CallToolResult;
}

export interface SearchScope {
  /** Whether --tools or --groups narrow the served tools, so hits must be narrowed too. */
  readonly filtered: boolean;
  readonly readOnly: boolean;
}

export function discovery(
  toolkits: readonly Toolkit[],
  served: readonly ServedTool[],
  scope: SearchScope,
  catalog: Catalog,
  mode: string,
): Discovery {
  const search = createToolSearch(toolkits.map((toolkit) => searchPackage(toolkit, mode)));
  const byFullName = new Map(served.map((entry) => [entry.tool.fullName, entry]));
  const byName = new Map<string, ServedTool>();
  for (const entry of served) {
    // The first tool keeps a name two tools share (a short name in two packages).
    for (const name of [catalog.nameOf(entry), entry.listing.name, ...nameForms(entry.tool)])
      if (!byName.has(name)) byName.set(name, entry);
  }
  const find = (name: string): ServedTool | undefined => byName.get(name);
  const unknown = (name: string): CallToolResult => invalidArguments(unknownName(name, served.map(catalog.nameOf)));

  const handlers: Record<string, Handler> = {
    search_tools: async (args) => {
      const checked = searchArguments(args);
      if (!checked.ok) return invalidArguments(checked.message);
      const { query, limit } = checked.value;
      try {
        const asked = { ...(limit === undefined ? {} : { limit: limit as number }), readOnly: scope.readOnly };
        // The search checks the query and limit. With --tools or --groups, the best 50 are narrowed
        // to the served tools, as many as were asked for.
        let hits = search.search(query as string, asked);
        if (scope.filtered) {
          const kept = search
            .search(query as string, { ...asked, limit: maxLimit })
            .filter((hit) => byFullName.has(hit.name));
          hits = kept.slice(0, (limit as number | undefined) ?? defaultLimit);
        }
        const tools = hits.map((hit) => ({
          name: catalog.nameOf(byFullName.get(hit.name)!),
          title: hit.title,
          description: hit.description,
          score: hit.score,
          confidence: hit.confidence,
        }));
        return successResult({ tools });
      } catch (error) {
        return errorResult("search_tools", error);
      }
    },
    describe_tools: async (args) => {
      const checked = describeArguments(args);
      if (!checked.ok) return invalidArguments(checked.message);
      const missing = checked.value.find((name) => find(name) === undefined);
      return missing === undefined ? catalog.describe(checked.value.map((name) => find(name)!)) : unknown(missing);
    },
  };

  const listing: Tool[] = [
    {
      name: "search_tools",
      title: "Search tools",
      description: searchToolDescription(
        toolkits.map((toolkit) => toolkit.manifest),
        catalog.next,
      ),
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", description: searchQueryDescription(toolkits.map((toolkit) => toolkit.manifest)) },
          limit: {
            type: "integer",
            minimum: 1,
            maximum: maxLimit,
            description: `Most tools returned (default ${defaultLimit}).`,
          },
        },
        required: ["query"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
    {
      name: "describe_tools",
      title: "Describe tools",
      description: catalog.describes,
      inputSchema: {
        type: "object",
        properties: { names: { type: "array", items: { type: "string" }, minItems: 1, maxItems: maxDescribed } },
        required: ["names"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
  ];
  return { listing, handlers, find, unknown };
}

/** A package generated before tool search has no search data: say so at start rather than on the first search. */
function searchPackage(toolkit: Toolkit, mode: string): ToolSearchPackage {
  if (toolkit["toolSearchIndex"] === undefined) {
    throw new Error(
      `${toolkit.manifest.package} has no search data (toolSearchIndex); update it to serve it with --mode ${mode}`,
    );
  }
  return toolkit as unknown as ToolSearchPackage;
}
