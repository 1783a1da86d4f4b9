// What each page shows, as plain data: the HTML templates and the Markdown twins render the same
// views, so both carry the same facts. Strings here are raw spec text; each renderer escapes them.
import type { Manifest, ManifestTool, ToolAnnotations } from "../../packages/runtime/src/manifest.ts";
import { routes, type SiteServer } from "./catalog.ts";
import { droppedAt, parameterRows, type ParameterRow } from "./parameters.ts";
import { toolSnippets, type Snippet } from "./snippets.ts";

export interface RouteView {
  readonly label: string;
  readonly file: string;
  readonly modelName: string;
  /** Each check the route's form leaves to the package validator, in words. */
  readonly notEnforced: readonly string[];
}

export interface ToolView {
  readonly name: string;
  readonly fullName: string;
  readonly title: string;
  readonly description: string;
  readonly modelDescription: string;
  readonly group: string | null;
  readonly annotations: readonly string[];
  readonly parametersKnown: boolean;
  readonly parameters: readonly ParameterRow[];
  readonly notes: readonly string[];
  readonly judgments: readonly string[];
  readonly secrets: readonly string[];
  readonly scopes: string;
  readonly routes: readonly RouteView[];
  readonly snippets: readonly Snippet[];
}

export interface GroupView {
  /** Null for the tools of a server that does not group them. */
  readonly name: string | null;
  readonly tools: readonly ToolView[];
}

export interface ServerView {
  readonly slug: string;
  readonly name: string;
  readonly packageName: string;
  readonly version: string;
  readonly description: string;
  readonly domain: string;
  readonly kind: string;
  readonly toolCount: number;
  readonly auth: string;
  readonly secrets: readonly { readonly name: string; readonly description: string }[];
  readonly notes: readonly string[];
  readonly limits: readonly string[];
  readonly notShown: readonly string[];
  readonly groups: readonly GroupView[];
}

export interface CatalogView {
  readonly catalog: string;
  readonly servers: readonly ServerView[];
  readonly toolCount: number;
}

const annotationWords: readonly (readonly [keyof ToolAnnotations, string, string])[] = [
  ["readOnly", "read-only", "changes data"],
  ["destructive", "destructive", "not destructive"],
  ["idempotent", "idempotent", "not idempotent"],
  ["openWorld", "reaches outside systems", "closed world"],
];

/** The stated hints in words; an absent hint is not stated, so it is not shown. */
function annotationList(annotations: ToolAnnotations): string[] {
  return annotationWords.flatMap(([key, yes, no]) =>
    annotations[key] === undefined ? [] : [annotations[key] ? yes : no],
  );
}

function authText(manifest: Manifest): string {
  const { auth } = manifest.server;
  if (auth.type === "api-key") return `API key, in the secret ${auth.secret}`;
  return `User authorization${auth.provider === null ? "" : ` through ${auth.provider}`}`;
}

function toolView(server: SiteServer, tool: ManifestTool): ToolView {
  return {
    name: tool.name,
    fullName: tool.fullName,
    title: tool.title,
    description: tool.description,
    modelDescription: tool.modelDescription,
    group: tool.group ?? null,
    annotations: annotationList(tool.annotations),
    parametersKnown: tool.parametersKnown,
    parameters: parameterRows(tool),
    notes: tool.notes,
    judgments: tool.judgments,
    secrets: tool.secrets,
    scopes:
      tool.scopes === null ? "not shown in the catalog" : tool.scopes.length === 0 ? "none" : tool.scopes.join(", "),
    routes: routes.map((route) => ({
      label: route.label,
      file: server.routeFiles.get(route.id)!.get(tool.modelName)!,
      modelName: tool.modelName,
      notEnforced:
        route.form === null
          ? []
          : tool.lowering.notEnforced[route.form].map(
              (dropped) => `${droppedAt(dropped)}: ${dropped.reason} (${dropped.keyword})`,
            ),
    })),
    snippets: toolSnippets(server, tool),
  };
}

/** Tools in manifest order, gathered under their groups in the order each group first appears. */
function groupsOf(tools: readonly ToolView[]): GroupView[] {
  const groups = new Map<string | null, ToolView[]>();
  for (const tool of tools) {
    const key = tool.group;
    groups.set(key, [...(groups.get(key) ?? []), tool]);
  }
  return [...groups].map(([name, list]) => ({ name, tools: list }));
}

export function serverView(server: SiteServer): ServerView {
  const { manifest } = server;
  return {
    slug: server.slug,
    name: manifest.server.name,
    packageName: manifest.package,
    version: server.version,
    description: manifest.server.description,
    domain: manifest.server.domain,
    kind: manifest.server.kind,
    toolCount: manifest.tools.length,
    auth: authText(manifest),
    secrets: manifest.server.secrets,
    notes: manifest.documentation.notes,
    limits: manifest.documentation.limits,
    notShown: manifest.documentation.notShown,
    groups: groupsOf(manifest.tools.map((tool) => toolView(server, tool))),
  };
}

export function catalogView(servers: readonly SiteServer[]): CatalogView {
  const views = servers.map(serverView);
  return {
    catalog: servers[0]?.manifest.catalog ?? "Tool catalog",
    servers: views,
    toolCount: views.reduce((sum, server) => sum + server.toolCount, 0),
  };
}
