// Entry point from YAML to IR: read every spec, check structure then meaning, and either return
// the whole catalog or throw one SpecError listing every problem in every file.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { compareText } from "../core/files.ts";
import type { Catalog, CatalogRules, Server } from "../ir/types.ts";
import { buildCatalogRules } from "./build-catalog.ts";
import { buildServer } from "./build.ts";
import { SpecError, type Diagnostic } from "./diagnostics.ts";
import { attachRequestBodies, listCaptures, requestBodiesDir } from "./request-bodies.ts";
import { checkSchema } from "./schema-check.ts";
import { SpecSource } from "./source.ts";
import { linkedDirectory, linkedDirectoryRefusal, readSpecFile } from "./workspace-file.ts";

export const catalogFileName = "catalog.yaml";

export interface LoadOptions {
  /** Workspace root; spec paths in diagnostics are relative to it. */
  readonly root: string;
  /** Only these server spec files (paths relative to root); all of specs/ when omitted. */
  readonly only?: readonly string[];
  /** Replace file contents (path relative to root → text), for in-memory checks and tests. */
  readonly overrides?: ReadonlyMap<string, string | Uint8Array>;
  /** false: leave captured request body schemas unread (`schemas pull` replaces them). */
  readonly requestBodies?: false;
}

/**
 * Server spec files under specs/, relative to root, in stable order; none when specs/ is a link (reading the catalog
 * reports it).
 */
export function listSpecFiles(root: string): string[] {
  if (linkedDirectory(root, "specs") !== undefined) return [];
  return readdirSync(join(root, "specs"))
    .filter((name) => name.endsWith(".yaml") && name !== catalogFileName)
    .sort()
    .map((name) => `specs/${name}`);
}

export function loadCatalog(options: LoadOptions): Catalog {
  const { root } = options;
  const diagnostics: Diagnostic[] = [];
  // The text of each file read for the current spec, for the excerpts of its diagnostics; cleared after each spec
  // (excerpts), so a large catalog's text is not held, split into lines, until the last spec is read.
  const texts = new Map<string, string>();
  const excerpt = (from: number): void => {
    excerpts(diagnostics, from, texts);
    texts.clear();
  };
  const read = (file: string): string | Uint8Array | undefined => {
    const override = options.overrides?.get(file);
    if (override !== undefined) return override;
    const read = readSpecFile(root, file);
    if ("bytes" in read) return read.bytes;
    diagnostics.push(read.refused);
    return undefined;
  };
  /** The parsed file and the tools left out for structural errors, or undefined when nothing can be built. */
  const parse = (
    file: string,
    schema: "server" | "catalog",
  ): { source: SpecSource; skip: ReadonlySet<number> } | undefined => {
    const text = read(file);
    if (text === undefined) return undefined;
    const source = new SpecSource(file, text, schema);
    texts.set(file, source.text);
    diagnostics.push(...source.problems);
    if (source.data === undefined) return undefined;
    const structural = checkSchema(source, schema);
    diagnostics.push(...structural.diagnostics);
    return structural.brokenElsewhere ? undefined : { source, skip: structural.brokenTools };
  };

  const catalogFile = `specs/${catalogFileName}`;
  const catalogSource = parse(catalogFile, "catalog")?.source;
  const rules: CatalogRules | undefined = catalogSource && buildCatalogRules(catalogSource, diagnostics);
  excerpt(0);
  const files = (options.only ?? listSpecFiles(root)).map((f) => relative(root, join(root, f)));
  const servers: Server[] = [];
  const seen = new Map<string, Server>();
  for (const file of [...new Set(files)].sort()) {
    const from = diagnostics.length;
    const parsed = parse(file, "server");
    if (parsed !== undefined && rules !== undefined) {
      const { source, skip } = parsed;
      const built = buildServer(source, rules, diagnostics, skip);
      const server = attachRequestBodies(
        built,
        options.requestBodies === false ? [] : captures(root, built.slug, options, diagnostics),
        read,
        diagnostics,
        texts,
      );
      const other = seen.get(server.name);
      if (other !== undefined) {
        diagnostics.push({
          ...source.at(["server"]),
          code: "duplicate-server",
          message: `server ${server.name} is also defined in ${other.specFile}`,
          hint: "Each server has exactly one spec file.",
        });
      }
      seen.set(server.name, server);
      servers.push(server);
    }
    excerpt(from);
  }
  if (diagnostics.length > 0 || rules === undefined) throw new SpecError(diagnostics);
  servers.sort((a, b) => compareText(a.slug, b.slug));
  return { rules, servers };
}

/**
 * The server's capture files, none when a directory on the way is a link: its listing would name files outside the
 * workspace.
 */
function captures(root: string, slug: string, options: LoadOptions, diagnostics: Diagnostic[]): string[] {
  const dir = `${requestBodiesDir}/${slug}`;
  const link = linkedDirectory(root, dir);
  if (link === undefined) return listCaptures(root, slug, options.overrides);
  diagnostics.push(linkedDirectoryRefusal(dir, link));
  return [];
}

/** Gives each diagnostic from index `from` on the line it points at, from the texts of the files just read. */
function excerpts(diagnostics: Diagnostic[], from: number, texts: ReadonlyMap<string, string>): void {
  const lines = new Map<string, readonly string[]>();
  for (let i = from; i < diagnostics.length; i++) {
    const d = diagnostics[i]!;
    const text = texts.get(d.file);
    if (text === undefined) continue;
    let split = lines.get(d.file);
    if (split === undefined) lines.set(d.file, (split = text.split("\n")));
    const excerpt = split[d.line - 1]?.replace(/\r$/, "");
    if (excerpt !== undefined && excerpt !== "") diagnostics[i] = { ...d, excerpt };
  }
}
