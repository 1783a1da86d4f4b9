// createMcpServer: one SDK server over the selected tools of one or more toolkits, called through
// the toolcat client. In tools mode (the default) it lists every served tool; in search mode, three
// tools that find, describe and call them (search-mode.ts); in code mode, find, describe and run a
// program that calls them (code-mode.ts). The low-level Server is used because the tools' input
// schemas are JSON Schema already, not zod.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { CodeLimits } from "@toolcat/code";
import type { ClientOptions } from "@toolcat/runtime";
import { codeMode } from "./code-mode.js";
import type { NameStyle } from "./names.js";
import { searchMode } from "./search-mode.js";
import type { ToolFilter } from "./select.js";
import { serveTools, toolsMode, type Routes } from "./served.js";
import type { ToolClient, Toolkit } from "./toolkit.js";
import { version } from "./version.js";

/** `tools`: list every served tool; `search`: search_tools, describe_tools and call_tool; `code`: search_tools, describe_tools and execute_code. */
export type ServeMode = "tools" | "search" | "code";

interface CommonOptions extends ToolFilter {
  /** One server package module, or several served together. */
  readonly toolkit: Toolkit | readonly Toolkit[];
  /** `model` (default): provider-safe names such as `CloudSheets_GetSpreadsheet`; `full`: `CloudSheets.GetSpreadsheet`. */
  readonly nameStyle?: NameStyle;
  /** `tools` (default), `search` or `code`. */
  readonly mode?: ServeMode | undefined;
  /** In code mode, overrides of @toolcat/code's `defaultLimits` for each program. */
  readonly codeLimits?: Partial<CodeLimits> | undefined;
  /** Name the server gives in the MCP handshake; `toolcat` by default. */
  readonly name?: string;
}

/** Calls go through a client you built (it receives full names), or through each package's client over a transport. */
export type McpServerOptions = CommonOptions & ({ readonly client: ToolClient } | (ClientOptions & { readonly client?: never }));

export function createMcpServer(options: McpServerOptions): Server {
  const toolkits: readonly Toolkit[] = Array.isArray(options.toolkit) ? options.toolkit : [options.toolkit as Toolkit];
  const served = serveTools(toolkits, options);
  const scope = { filtered: options.tools !== undefined || options.groups !== undefined, readOnly: options.readOnly === true };
  const clientOptions = options.client === undefined ? options : undefined;
  const modes: Readonly<Record<ServeMode, () => Routes>> = {
    tools: () => toolsMode(served),
    search: () => searchMode(toolkits, served, scope),
    code: () => codeMode(toolkits, served, scope, { clientOptions, limits: options.codeLimits }),
  };
  const routes = modes[options.mode ?? "tools"]();
  const server = new Server({ name: options.name ?? "toolcat", version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...routes.listing] }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const handler = routes.handlers.get(request.params.name);
    // The name is not repeated: a mistyped one may be a pasted key, whose value no client has told us.
    if (handler === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `unknown tool: no tool of this server has that name (tools/list gives the ${routes.listing.length})`);
    }
    return handler(request.params.arguments ?? {}, extra.signal);
  });
  return server;
}
