// What the site is built from: the generated packages as published. Each package's manifest.json
// (every tool with its schema, readings, annotations and what each provider form leaves out), its
// provider tool files (the name each route gives a tool) and its search data, loaded through the
// package's own `toolSearchIndex`. The site reads these only, never the specs or the generators, so
// it shows exactly what an installed package holds.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Manifest, ProviderForm } from "../../packages/runtime/src/manifest.ts";
import type { ToolSearchData, ToolSearchIndex } from "../../packages/runtime/src/search/data.ts";

/** A model route: one provider tool file of every package. */
export interface Route {
  readonly id: string;
  readonly label: string;
  /** The file under the package's tools/. */
  readonly file: string;
  /** The provider form the file uses; null where the route takes the full inputSchema (MCP). */
  readonly form: ProviderForm | null;
  /** The tool's name in one entry of the file. */
  readonly nameOf: (entry: Readonly<Record<string, unknown>>) => unknown;
}

const named = (entry: Readonly<Record<string, unknown>>): unknown => entry["name"];

export const routes: readonly Route[] = [
  {
    id: "openai-chat",
    label: "OpenAI Chat Completions",
    file: "openai-chat.json",
    form: "openai",
    nameOf: (entry) => (entry["function"] as { name?: unknown } | undefined)?.name,
  },
  { id: "openai-responses", label: "OpenAI Responses", file: "openai-responses.json", form: "openai", nameOf: named },
  { id: "anthropic", label: "Anthropic Messages", file: "anthropic.json", form: "anthropic", nameOf: named },
  { id: "gemini", label: "Gemini", file: "gemini.json", form: "gemini", nameOf: named },
  { id: "mcp", label: "MCP", file: "mcp.json", form: null, nameOf: named },
];

/** One generated package, as the site shows it. */
export interface SiteServer {
  /** The package folder name, also the server page's folder (`cloud-sheets`). */
  readonly slug: string;
  readonly version: string;
  readonly manifest: Manifest;
  /** Per route id, the file under the package that holds each tool (by model name): tools/<file>, or a group's file. */
  readonly routeFiles: ReadonlyMap<string, ReadonlyMap<string, string>>;
  readonly search: ToolSearchData;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

/** Every generated package under `packagesDir` (the folders with a manifest.json), in slug order. */
export async function readCatalog(packagesDir: string): Promise<SiteServer[]> {
  const slugs = readdirSync(packagesDir)
    .filter((slug) => existsSync(join(packagesDir, slug, "manifest.json")))
    .sort();
  return Promise.all(slugs.map((slug) => readServer(join(packagesDir, slug), slug)));
}

async function readServer(dir: string, slug: string): Promise<SiteServer> {
  const manifest = readJson(join(dir, "manifest.json")) as Manifest;
  const { version } = readJson(join(dir, "package.json")) as { version: string };
  const routeFiles = new Map(routes.map((route) => [route.id, routeFileOf(dir, route)]));
  for (const tool of manifest.tools) {
    for (const route of routes) {
      if (!routeFiles.get(route.id)!.has(tool.modelName)) {
        throw new Error(
          `${manifest.package}: no ${route.file} under tools/ holds ${tool.modelName}; regenerate the package ` +
            "(npm run generate)",
        );
      }
    }
  }
  const { toolSearchIndex } = (await import(pathToFileURL(join(dir, "src", "search.ts")).href)) as {
    toolSearchIndex: ToolSearchIndex;
  };
  return { slug, version, manifest, routeFiles, search: toolSearchIndex.load() };
}

/**
 * Where each tool's entry of a route sits: tools/<file>, or tools/groups/<group>/<file> where a
 * package splits a route by group (OpenAI's files of a server with more tools than a request takes).
 */
function routeFileOf(dir: string, route: Route): Map<string, string> {
  const groups = join(dir, "tools", "groups");
  const candidates = [
    `tools/${route.file}`,
    ...(existsSync(groups)
      ? readdirSync(groups)
          .sort()
          .map((group) => `tools/groups/${group}/${route.file}`)
      : []),
  ];
  const found = new Map<string, string>();
  for (const file of candidates.filter((path) => existsSync(join(dir, path)))) {
    for (const entry of readJson(join(dir, file)) as readonly Record<string, unknown>[]) {
      const name = route.nameOf(entry);
      if (typeof name === "string" && !found.has(name)) found.set(name, file);
    }
  }
  return found;
}
