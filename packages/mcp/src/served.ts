// The tools a server serves: each manifest tool with the client that calls it and its MCP listing,
// after the filters, with names checked for clashes across packages.
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ClientOptions, ManifestTool } from "@toolcat/runtime";
import { listedName, toolAnnotations, type NameStyle } from "./names.js";
import { receiveRedaction, type Clean } from "@toolcat/runtime/internal";
import { errorResult, successResult } from "./results.js";
import { selectTools, type ToolFilter } from "./select.js";
import { createToolkitClient, type ToolClient, type Toolkit } from "./toolkit.js";

export interface ServedTool {
  readonly tool: ManifestTool;
  readonly client: ToolClient;
  readonly listing: Tool;
}

/** What a server lists, and the handler of each listed name. */
export interface Routes {
  readonly listing: readonly Tool[];
  readonly handlers: ReadonlyMap<string, (args: unknown, signal: AbortSignal) => Promise<CallToolResult>>;
}

/** Tools mode: every served tool listed and called by its listed name. */
export function toolsMode(served: readonly ServedTool[]): Routes {
  return {
    listing: served.map((entry) => entry.listing),
    handlers: new Map(served.map((entry) => [entry.listing.name, (args: unknown, signal: AbortSignal) => callServed(entry, args, signal)])),
  };
}

/** Calls a served tool: its value, or its error as a result a model can act on, redacted either way. */
export async function callServed(entry: ServedTool, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
  // A generated client hands over its redaction when called; a client of your own may not.
  let clean: Clean = (text) => text;
  const receive = (redact: Clean): void => {
    clean = redact;
  };
  try {
    // The SDK aborts this signal on notifications/cancelled; the client passes it to the transport.
    return successResult(await entry.client.call(entry.tool.fullName, args, { signal, [receiveRedaction]: receive }), clean);
  } catch (error) {
    return errorResult(error, clean);
  }
}

export function serveTools(
  toolkits: readonly Toolkit[],
  options: ToolFilter & { readonly client?: ToolClient | undefined; readonly nameStyle?: NameStyle | undefined },
): ServedTool[] {
  const style = options.nameStyle ?? "model";
  const served = toolkits.flatMap((toolkit) => {
    const client = options.client ?? createToolkitClient(toolkit, options as ClientOptions);
    return toolkit.manifest.tools.map((tool) => ({ tool, client, listing: listing(tool, style) }));
  });
  const kept = new Set(selectTools(served.map(({ tool }) => tool), options));
  const names = new Set<string>();
  for (const { listing: { name } } of served) {
    if (names.has(name)) throw new Error(`two tools are both named ${name}; serve the packages separately`);
    names.add(name);
  }
  return served.filter(({ tool }) => kept.has(tool));
}

function listing(tool: ManifestTool, style: NameStyle): Tool {
  const annotations = toolAnnotations(tool);
  return {
    name: listedName(tool, style),
    title: tool.fullName,
    // The model-facing description; a package generated before manifests carried one has only the terse purpose.
    description: (tool as Partial<ManifestTool>).modelDescription ?? tool.description,
    inputSchema: tool.inputSchema as Tool["inputSchema"],
    ...(annotations === undefined ? {} : { annotations }),
  };
}
