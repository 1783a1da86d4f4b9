// createMcpServerFactory: SDK servers over the selected tools of one or more toolkits, called through
// the toolcat client. In tools mode (the default) they list every served tool; in search mode, three
// tools that find, describe and call them (search-mode.ts); in code mode, find, describe and run a
// program that calls them (code-mode.ts). The routes are built once; each server is a thin shell over
// them, since a 2026-07-28 HTTP request gets a server of its own. The low-level Server is used because
// the tools' input schemas are JSON Schema already, and their packages validate arguments themselves.
import { ProtocolError, ProtocolErrorCode, Server, type CacheHint } from "@modelcontextprotocol/server";
import type { CodeLimits } from "@toolcat/code";
import type { ClientOptions } from "@toolcat/runtime";
import { codeMode } from "./code-mode.js";
import type { CodeModule } from "./code-module.js";
import type { NameStyle } from "./names.js";
import { searchMode } from "./search-mode.js";
import type { ToolFilter } from "./select.js";
import { serveTools, toolsMode, type Routes } from "./served.js";
import type { ToolClient, Toolkit } from "./toolkit.js";
import { version } from "./version.js";

/**
 * `tools`: list every served tool; `search`: search_tools, describe_tools and call_tool; `code`: search_tools,
 * describe_tools and execute_code.
 */
export type ServeMode = "tools" | "search" | "code";

interface CommonOptions extends ToolFilter {
  /** One server package module, or several served together. */
  readonly toolkit: Toolkit | readonly Toolkit[];
  /**
   * `model` (default): provider-safe names such as `CloudSheets_GetSpreadsheet`; `full`: `CloudSheets.GetSpreadsheet`.
   */
  readonly nameStyle?: NameStyle;
  /** `tools` (default), `search` or `code`. */
  readonly mode?: ServeMode | undefined;
  /** In code mode, overrides of @toolcat/code's `defaultLimits` for each program. */
  readonly codeLimits?: Partial<CodeLimits> | undefined;
  /**
   * In code mode, the `@toolcat/code` module (`import * as code from "@toolcat/code"`). It is an
   * optional peer dependency, so tools and search mode install and run without it.
   */
  readonly code?: CodeModule | undefined;
  /** Name the server gives in the MCP handshake and in each 2026-07-28 result; `toolcat` by default. */
  readonly name?: string;
}

/** Calls go through a client you built (it receives full names), or through each package's client over a transport. */
export type McpServerOptions = CommonOptions &
  ({ readonly client: ToolClient } | (ClientOptions & { readonly client?: never }));

/**
 * How long a client or cache may keep tools/list and server/discover (2026-07-28): the tool set is
 * fixed for the life of the process and the same for every caller, so any cache may hold it.
 */
export const listCacheHint: Readonly<Required<CacheHint>> = { ttlMs: 3_600_000, cacheScope: "public" };

/** Gives a new SDK server over shared routes; also names the tools they list and warms them up. */
export interface McpServerFactory {
  (): Server;
  /** The names tools/list gives, in its order. */
  readonly toolNames: readonly string[];
  /**
   * Does the first-use work ahead of the first request: in code mode, builds the type checker for
   * the served declarations and starts a sandbox by running an empty program. Rejects when that fails.
   */
  warm(): Promise<void>;
}

function missingCode(): never {
  throw new Error(
    "code mode needs @toolcat/code: npm install @toolcat/code, then pass it as the code option (import * as code " +
      'from "@toolcat/code")',
  );
}

/** One SDK server, for a client of your own (stdio, in memory, a transport of your choice). */
export function createMcpServer(options: McpServerOptions): Server {
  return createMcpServerFactory(options)();
}

/**
 * A factory of servers that share one set of routes, for serving entries that ask for a fresh
 * server per request or per connection. Throws at once on a filter that matches nothing or a name clash.
 */
export function createMcpServerFactory(options: McpServerOptions): McpServerFactory {
  const toolkits: readonly Toolkit[] = Array.isArray(options.toolkit) ? options.toolkit : [options.toolkit as Toolkit];
  const served = serveTools(toolkits, options);
  const scope = {
    filtered: options.tools !== undefined || options.groups !== undefined,
    readOnly: options.readOnly === true,
  };
  const clientOptions = options.client === undefined ? options : undefined;
  const modes: Readonly<Record<ServeMode, () => Routes>> = {
    tools: () => toolsMode(served),
    search: () => searchMode(toolkits, served, scope),
    code: () =>
      codeMode(options.code ?? missingCode(), toolkits, served, scope, { clientOptions, limits: options.codeLimits }),
  };
  const routes = modes[options.mode ?? "tools"]();
  const info = { name: options.name ?? "toolcat", version };
  const cacheHints = { "tools/list": listCacheHint, "server/discover": listCacheHint };
  const create = (): Server => {
    const server = new Server(info, { capabilities: { tools: {} }, cacheHints });
    // A new array each time: the SDK attaches its cache hint to the result object it is given.
    server.setRequestHandler("tools/list", () => ({ tools: [...routes.listing] }));
    server.setRequestHandler("tools/call", async (request, context) => {
      const handler = routes.handlers.get(request.params.name);
      // The name is not repeated: a mistyped one may be a pasted key, whose value no client has told us.
      if (handler === undefined) {
        const message =
          "unknown tool: no tool of this server has that name " + `(tools/list gives the ${routes.listing.length})`;
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, message);
      }
      return server.projectCallToolResult(
        await handler(request.params.arguments ?? {}, context.mcpReq.signal),
        undefined,
      );
    });
    return server;
  };
  const warm = routes.warm ?? (() => Promise.resolve());
  return Object.assign(create, { toolNames: routes.listing.map((tool) => tool.name), warm });
}
