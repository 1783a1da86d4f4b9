// The tools a server serves: each manifest tool with the client that calls it and its MCP listing,
// after the filters, with names checked for clashes across packages.
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import type { CallOptions, ClientOptions, ManifestTool } from "@toolcat/runtime";
import { listedName, toolAnnotations, type NameStyle } from "./names.js";
import { clientRedaction, withExample, type Clean } from "@toolcat/runtime/internal";
import { errorResult, successResult } from "./results.js";
import { selectTools, type ToolFilter } from "./select.js";
import { createToolkitClient, type ToolClient, type Toolkit } from "./toolkit.js";

export interface ServedTool {
  readonly tool: ManifestTool;
  readonly client: ToolClient;
  readonly listing: Tool;
}

/** Answers one listed tool's call; the SDK aborts the signal on notifications/cancelled. */
export type Handler = (args: unknown, signal: AbortSignal) => Promise<CallToolResult>;

/** What a server lists, and the handler of each listed name. */
export interface Routes {
  readonly listing: readonly Tool[];
  readonly handlers: ReadonlyMap<string, Handler>;
  /** First-use work done ahead of the first request; none when absent. */
  readonly warm?: () => Promise<void>;
}

/** Tools mode: every served tool listed and called by its listed name. */
export function toolsMode(served: readonly ServedTool[]): Routes {
  return {
    listing: served.map((entry) => entry.listing),
    handlers: new Map(
      served.map((entry) => [
        entry.listing.name,
        (args: unknown, signal: AbortSignal) => callServed(entry, args, signal),
      ]),
    ),
  };
}

/** Calls a served tool: its value, or its error as a result a model can act on, redacted either way. */
export async function callServed(entry: ServedTool, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
  // The SDK aborts this signal on notifications/cancelled; the client passes it to the transport.
  const outcome = await callClient(entry.client, entry.tool.fullName, args, { signal });
  return outcome.ok
    ? successResult(outcome.value, outcome.clean)
    : errorResult(entry.tool.fullName, outcome.error, outcome.clean);
}

/** What a client call gave, with the client's redaction, which every text shown from it must pass through. */
export type CallOutcome =
  | { readonly ok: true; readonly value: unknown; readonly clean: Clean }
  | { readonly ok: false; readonly error: unknown; readonly clean: Clean };

/** Calls a tool through a client, with the redaction the client was created with; never throws. */
export async function callClient(
  client: ToolClient,
  fullName: string,
  args: unknown,
  options: CallOptions,
): Promise<CallOutcome> {
  // A generated client has its `redact`; a client of your own may not, and its texts are shown as given.
  const clean = clientRedaction(client);
  try {
    return { ok: true, value: await client.call(fullName, args, options), clean };
  } catch (error) {
    return { ok: false, error, clean };
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
  const kept = new Set(
    selectTools(
      served.map(({ tool }) => tool),
      options,
    ),
  );
  const names = new Set<string>();
  for (const {
    listing: { name },
  } of served) {
    if (names.has(name)) throw new Error(`two tools are both named ${name}; serve the packages separately`);
    names.add(name);
  }
  return served.filter(({ tool }) => kept.has(tool));
}

function listing(tool: ManifestTool, style: NameStyle): Tool {
  const annotations = toolAnnotations(tool);
  return {
    name: listedName(tool, style),
    title: (tool as Partial<ManifestTool>).title ?? tool.fullName,
    // The model-facing description with one example call, as the package's tools/mcp.json has it; a
    // package generated before manifests carried them has only the terse purpose, and no examples.
    description: withExample(
      (tool as Partial<ManifestTool>).modelDescription ?? tool.description,
      (tool as Partial<ManifestTool>).examples,
    ),
    inputSchema: tool.inputSchema as Tool["inputSchema"],
    ...(annotations === undefined ? {} : { annotations }),
  };
}
