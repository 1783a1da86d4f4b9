// Search mode: instead of every tool, the server lists three, so a model starts with a few hundred
// tokens whatever the catalog's size: search_tools ranks the served tools for a task in words,
// describe_tools gives chosen tools' full descriptions and input schemas, and call_tool runs one
// with exactly the result or error a direct call gives. Tools the filters leave out are never
// found, described or called.
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { createToolSearch, searchToolDescription, type ToolSearchHit, type ToolSearchPackage } from "@toolcat/runtime";
import { nameForms } from "./names.js";
import { errorResult, successResult } from "./results.js";
import { callArguments, describeArguments, maxDescribed, searchArguments, unknownName, type Checked } from "./search-input.js";
import { callServed, type Routes, type ServedTool } from "./served.js";
import type { Toolkit } from "./toolkit.js";

/** The search API's bound on hits, and its default. */
const maxLimit = 50;
const defaultLimit = 5;

export function searchMode(toolkits: readonly Toolkit[], served: readonly ServedTool[], filtered: boolean, readOnly: boolean): Routes {
  const search = createToolSearch(toolkits.map(searchPackage));
  const byFullName = new Map(served.map((entry) => [entry.tool.fullName, entry]));
  const find = (name: string): ServedTool | undefined => served.find((entry) => [entry.listing.name, ...nameForms(entry.tool)].includes(name));
  const unknown = (name: string): CallToolResult => failure(unknownName(name, served.map((entry) => entry.listing.name)));

  const handlers: Readonly<Record<string, (args: unknown, signal: AbortSignal) => Promise<CallToolResult>>> = {
    search_tools: async (args) => {
      const checked = searchArguments(args);
      if (!checked.ok) return failure(checked.message);
      const { query, limit } = checked.value;
      try {
        const asked = { ...(limit === undefined ? {} : { limit: limit as number }), readOnly };
        // The search checks the query and limit. With --tools or --groups, the best 50 are narrowed
        // to the served tools, as many as were asked for.
        let hits = search.search(query as string, asked);
        if (filtered) {
          const served = search.search(query as string, { ...asked, limit: maxLimit }).filter((hit) => byFullName.has(hit.name));
          hits = served.slice(0, (limit as number | undefined) ?? defaultLimit);
        }
        const tools = hits.map((hit: ToolSearchHit) => ({ name: byFullName.get(hit.name)!.listing.name, title: hit.title, description: hit.description, score: hit.score }));
        return successResult({ tools });
      } catch (error) {
        return errorResult(error);
      }
    },
    describe_tools: async (args) => {
      const checked: Checked<string[]> = describeArguments(args);
      if (!checked.ok) return failure(checked.message);
      const missing = checked.value.find((name) => find(name) === undefined);
      if (missing !== undefined) return unknown(missing);
      return successResult({ tools: checked.value.map((name) => find(name)!.listing) });
    },
    call_tool: async (args, signal) => {
      const checked = callArguments(args);
      if (!checked.ok) return failure(checked.message);
      const entry = find(checked.value.name);
      return entry === undefined ? unknown(checked.value.name) : callServed(entry, checked.value.arguments, signal);
    },
  };

  const description = (then: string): string => searchToolDescription(toolkits.map((toolkit) => toolkit.manifest), then);
  const listing: Tool[] = [
    {
      name: "search_tools",
      title: "Search tools",
      description: description(`Returns tool names; then call describe_tools for their input schemas and call_tool to run one.`),
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", description: "The task in a few words, such as \"list open jobs\"." },
          limit: { type: "integer", minimum: 1, maximum: maxLimit, description: `Most tools returned (default ${defaultLimit}).` },
        },
        required: ["query"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
    {
      name: "describe_tools",
      title: "Describe tools",
      description: "Gives the full description and JSON input schema of tools found by search_tools, by name.",
      inputSchema: {
        type: "object",
        properties: { names: { type: "array", items: { type: "string" }, minItems: 1, maxItems: maxDescribed } },
        required: ["names"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
    {
      name: "call_tool",
      title: "Call a tool",
      description: "Runs a tool found by search_tools with arguments that follow its input schema (from describe_tools).",
      inputSchema: {
        type: "object",
        properties: { name: { type: "string" }, arguments: { type: "object" } },
        required: ["name", "arguments"],
        additionalProperties: false,
      },
    },
  ];

  return { listing, handlers: new Map(Object.entries(handlers)) };
}

/** A package generated before tool search has no search data: say so at start rather than on the first search. */
function searchPackage(toolkit: Toolkit): ToolSearchPackage {
  if (toolkit["toolSearchIndex"] === undefined) {
    throw new Error(`${toolkit.manifest.package} has no search data (toolSearchIndex); update it to serve it with --mode search`);
  }
  return toolkit as unknown as ToolSearchPackage;
}

function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }], structuredContent: { error: { code: "invalid_arguments" } } };
}
