// The one shape of an output: what it is called, what the package exports from it, which package
// paths it writes, and how it turns the context into files. The registry lists every emitter.
import type { GeneratedFile, Versions } from "../../core/files.ts";
import type { ServerDocumentation } from "../../../../packages/runtime/src/manifest.ts";
import type { ServerNames } from "../../ir/naming.ts";
import type { CatalogRules, SearchRules, Server } from "../../ir/types.ts";

/** The catalog-wide mode rules (`ToolMode`), the only part of the catalog emitters need besides its name. */
export type ToolModeRules = CatalogRules["toolMode"];

export type PartOfSpeech = "noun" | "verb";

/**
 * What emitters need from files (a compiled template, a dictionary), loaded by the pipeline
 * (pipeline/resources.ts): emitters read no file and write none, they turn the context into files.
 */
export interface EmitResources {
  /** The package README template (generators/templates/package-readme.md.hbs), compiled. */
  readonly readmeTemplate: (view: object) => string;
  /** WordNet's words sharing one of the first `senses` senses of `word`, the word itself left out. */
  readonly synonyms: (word: string, pos: PartOfSpeech, senses: number) => readonly string[];
}

/** Everything an emitter may read: one server's IR and what generation derived for it. */
export interface EmitContext {
  readonly server: Server;
  /** The catalog's name, recorded in manifests. */
  readonly catalog: string;
  readonly toolMode: ToolModeRules;
  /** The catalog's search judgments (synonym groups), read by the search index. */
  readonly search: SearchRules;
  readonly versions: Versions;
  readonly names: ServerNames;
  /** Server-level facts and what the documents leave unstated, read by the README and the manifest. */
  readonly documentation: ServerDocumentation;
  /** What the package publishes, derived from every emitter: package.json `files` and `exports`. */
  readonly published: PublishedFiles;
  readonly resources: EmitResources;
}

/** A package.json `exports` target: a path, or conditions (`types`, `default`). */
export type PackageExport = string | Readonly<Record<string, string>>;

export interface PublishedFiles {
  readonly files: readonly string[];
  readonly exports: Readonly<Record<string, PackageExport>>;
}

/** How the package index re-exports one generated module. */
export interface IndexEntry {
  /** Module specifier relative to src/ (`./types.js`). */
  readonly module: string;
  /** Names re-exported; "all" re-exports the whole module (`export *`). */
  readonly names: "all" | readonly string[];
  /** Type-only names re-exported (`export type { … }`). */
  readonly types?: readonly string[];
}

export interface Emitter {
  /** Stable id (`types`, `validators`), used in tests and reports. */
  readonly id: string;
  /** Paths this emitter writes, relative to the package directory (`src`, `manifest.json`); the Nx outputs. */
  readonly outputs: readonly string[];
  /**
   * Paths written only where the spec calls for them (per-group files of a spec with groups, OpenAI
   * lists of at most 128 tools); a path ending in `/` stands for every file under that directory.
   */
  readonly conditionalOutputs?: readonly string[];
  /** Outputs kept out of the published tarball (build configuration). */
  readonly unpublished?: readonly string[];
  /** Package subpaths (`./manifest.json`) under which users import this emitter's files. */
  readonly exports?: Readonly<Record<string, PackageExport>>;
  /** What the package index re-exports from this emitter's module, if anything. */
  readonly index?: IndexEntry;
  emit(context: EmitContext): GeneratedFile[];
}

/** The package directory of the context's server, relative to the workspace root. */
export function packageDir(context: Pick<EmitContext, "server">): string {
  return `packages/${context.server.slug}`;
}
