// Search mode: instead of every tool, the server lists three, so a model starts with a few hundred
// tokens whatever the catalog's size: search_tools and describe_tools (discovery.ts; describe gives
// full descriptions and input schemas) and call_tool, which runs one with exactly the result or error
// a direct call gives. Tools the filters leave out are never found, described or called.
import { discovery, type SearchScope } from "./discovery.js";
import { invalidArguments, successResult } from "./results.js";
import { callServed, type Routes, type ServedTool } from "./served.js";
import { callArguments } from "./tool-arguments.js";
import type { Toolkit } from "./toolkit.js";

export function searchMode(toolkits: readonly Toolkit[], served: readonly ServedTool[], scope: SearchScope): Routes {
  const found = discovery(
    toolkits,
    served,
    scope,
    {
      nameOf: (entry) => entry.listing.name,
      describe: (entries) => successResult({ tools: entries.map((entry) => entry.listing) }),
      next: "Returns tool names; then call describe_tools for their input schemas and call_tool to run one.",
      describes: "Gives the full description and JSON input schema of tools found by search_tools, by name.",
    },
    "search",
  );

  const listing = [
    ...found.listing,
    {
      name: "call_tool",
      title: "Call a tool",
      description:
        "Runs a tool found by search_tools with arguments that follow its input schema (from describe_tools).",
      inputSchema: {
        type: "object" as const,
        properties: { name: { type: "string" }, arguments: { type: "object" } },
        required: ["name", "arguments"],
        additionalProperties: false,
      },
    },
  ];
  const handlers = {
    ...found.handlers,
    call_tool: async (args: unknown, signal: AbortSignal) => {
      const checked = callArguments(args);
      if (!checked.ok) return invalidArguments(checked.message);
      const entry = found.find(checked.value.name);
      return entry === undefined
        ? found.unknown(checked.value.name)
        : callServed(entry, checked.value.arguments, signal);
    },
  };
  return { listing, handlers: new Map(Object.entries(handlers)) };
}
