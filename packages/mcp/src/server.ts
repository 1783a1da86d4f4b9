// createMcpServer: one SDK server listing the selected tools of one or more toolkits and calling
// them through the toolcat client. The low-level Server is used because the tools' input schemas
// are JSON Schema already, not zod.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ClientOptions, ManifestTool } from "@toolcat/runtime";
import { receiveRedaction, type Clean } from "@toolcat/runtime/internal";
import { listedName, toolAnnotations, type NameStyle } from "./names.js";
import { errorResult, successResult } from "./results.js";
import { selectTools, type ToolFilter } from "./select.js";
import { createToolkitClient, type ToolClient, type Toolkit } from "./toolkit.js";
import { version } from "./version.js";

interface CommonOptions extends ToolFilter {
  /** One server package module, or several served together. */
  readonly toolkit: Toolkit | readonly Toolkit[];
  /** `model` (default): provider-safe names such as `CloudSheets_GetSpreadsheet`; `full`: `CloudSheets.GetSpreadsheet`. */
  readonly nameStyle?: NameStyle;
  /** Name the server gives in the MCP handshake; `toolcat` by default. */
  readonly name?: string;
}

/** Calls go through a client you built (it receives full names), or through each package's client over a transport. */
export type McpServerOptions = CommonOptions & ({ readonly client: ToolClient } | (ClientOptions & { readonly client?: never }));

interface ServedTool {
  readonly tool: ManifestTool;
  readonly client: ToolClient;
  readonly listing: Tool;
}

export function createMcpServer(options: McpServerOptions): Server {
  const served = serveTools(options);
  const byName = new Map(served.map((entry) => [entry.listing.name, entry]));
  const server = new Server({ name: options.name ?? "toolcat", version }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: served.map((entry) => entry.listing) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const entry = byName.get(request.params.name);
    // The name is not repeated: a mistyped one may be a pasted key, whose value no client has told us.
    if (entry === undefined) throw new McpError(ErrorCode.InvalidParams, `unknown tool: no tool of this server has that name (tools/list gives the ${served.length})`);
    // A generated client hands over its redaction when called; a client of your own may not.
    let clean: Clean = (text) => text;
    const receive = (redact: Clean): void => {
      clean = redact;
    };
    try {
      // The SDK aborts this signal on notifications/cancelled; the client passes it to the transport.
      const value = await entry.client.call(entry.tool.fullName, request.params.arguments ?? {}, { signal: extra.signal, [receiveRedaction]: receive });
      return successResult(value, clean);
    } catch (error) {
      return errorResult(error, clean);
    }
  });
  return server;
}

function serveTools(options: McpServerOptions): ServedTool[] {
  const toolkits: readonly Toolkit[] = Array.isArray(options.toolkit) ? options.toolkit : [options.toolkit as Toolkit];
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
