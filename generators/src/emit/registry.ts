// The one list of outputs, gathered from the families' declarations (each folder's family.ts) in
// the order they take from one another. Generation, the package index and the Nx `generate` outputs
// are all computed from it: adding an output is one emitter file and one entry in its family.
import { byPath, type GeneratedFile, type Versions } from "../core/files.ts";
import { serverNames } from "../ir/naming.ts";
import type { Catalog, Server } from "../ir/types.ts";
import { codeFamily } from "./code/family.ts";
import {
  packageDir,
  type EmitContext,
  type EmitResources,
  type Emitter,
  type IndexEntry,
  type PublishedFiles,
} from "./core/emitter.ts";
import { coreFamily, inDependencyOrder, type EmitFamily } from "./core/family.ts";
import { modelFamily } from "./model/family.ts";
import { packageFamily } from "./package/family.ts";
import { readmeFamily } from "./readme/family.ts";
import { requestBodyFamily } from "./request-body/family.ts";
import { schemaFamily } from "./schema/family.ts";
import { serverFacts } from "./schema/server-facts.ts";
import { searchFamily } from "./search/family.ts";
import { nameList, printTypeScript } from "./core/source-file.ts";
import { typescriptFamily } from "./typescript/family.ts";

/** src/index.ts: re-exports every other emitter's index entry, in registry order. */
const indexEmitter: Emitter = {
  id: "index",
  outputs: ["src/index.ts"],
  exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
  emit: (context) => [
    printTypeScript(
      context.server,
      `${packageDir(context)}/src/index.ts`,
      emitters.flatMap((emitter) => (emitter.index === undefined ? [] : indexLines(emitter.index))),
    ),
  ],
};

/** Every family of `emit/`, in the order their outputs are listed where nothing they take decides it. */
export const emitFamilies: readonly EmitFamily[] = inDependencyOrder([
  coreFamily,
  typescriptFamily,
  modelFamily,
  searchFamily,
  codeFamily,
  packageFamily,
  readmeFamily,
  requestBodyFamily,
  schemaFamily,
]);

/** Every emitter, family by family; the index, which re-exports the others, last. */
export const emitters: readonly Emitter[] = [...emitFamilies.flatMap((family) => family.emitters), indexEmitter];

function allOutputs(emitter: Emitter): readonly string[] {
  return [...emitter.outputs, ...(emitter.conditionalOutputs ?? [])];
}

/** A package path folded into its top directory (`src/types.ts` → `src`). */
function topLevel(path: string): string {
  return path.split("/")[0] ?? path;
}

/**
 * Paths every emitter writes, relative to a package directory, with files in a directory folded
 * into the directory (`src`, `tools`): the Nx `generate` target's outputs.
 */
export function packageOutputs(): string[] {
  return [...new Set(emitters.flatMap(allOutputs).map(topLevel))];
}

/**
 * What a package publishes: the compiled `dist` plus every published output (npm always packs
 * package.json), and each emitter's subpath exports with the package entry first.
 */
export function publishedFiles(): PublishedFiles {
  const kept = emitters.flatMap((emitter) =>
    allOutputs(emitter).filter((path) => !(emitter.unpublished ?? []).includes(path)),
  );
  const files = ["dist", ...new Set(kept.map(topLevel))].filter((path) => path !== "package.json");
  const exports = Object.fromEntries(
    emitters
      .flatMap((emitter) => Object.entries(emitter.exports ?? {}))
      .sort(([a], [b]) => (a === "." ? -1 : b === "." ? 1 : 0)),
  );
  return { files, exports: { ...exports, "./package.json": "./package.json" } };
}

/**
 * The emit context of one server: its IR, the catalog's mode rules, its names record and the loaded resources. The
 * names are derived again here (the loader derived them to check them) rather than kept in the catalog: a record per
 * server held from load to the last package was a quarter of a large catalog's memory.
 */
export function emitContext(
  server: Server,
  catalog: Catalog,
  versions: Versions,
  resources: EmitResources,
): EmitContext {
  const toolMode = catalog.rules.toolMode;
  const { names } = serverNames(
    server.name,
    toolMode.name,
    server.tools.map((tool) => tool.name),
  );
  const documentation = serverFacts(server, catalog.rules);
  const search = catalog.rules.search;
  return {
    server,
    catalog: catalog.rules.catalog,
    toolMode,
    search,
    versions,
    names,
    documentation,
    published: publishedFiles(),
    resources,
  };
}

export function generateServer(
  server: Server,
  catalog: Catalog,
  versions: Versions,
  resources: EmitResources,
): GeneratedFile[] {
  const context = emitContext(server, catalog, versions, resources);
  return emitters.flatMap((emitter) => emitter.emit(context)).sort(byPath);
}

function indexLines(entry: IndexEntry): string[] {
  const lines =
    entry.names === "all"
      ? [`export * from ${JSON.stringify(entry.module)};`]
      : [nameList("export", entry.names, entry.module)];
  if (entry.types !== undefined) lines.push(nameList("export type", entry.types, entry.module));
  return lines;
}
