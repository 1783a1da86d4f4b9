// Entry point from YAML to IR: read every spec, check structure then meaning, and either return
// the whole catalog or throw one SpecError listing every problem in every file.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { compareText } from "../core/files.ts";
import type { Catalog, CatalogRules, Server } from "../ir/types.ts";
import { buildCatalogRules, buildServer } from "./build.ts";
import { SpecError, type Diagnostic } from "./diagnostics.ts";
import { checkSchema } from "./schema-check.ts";
import { SpecSource } from "./source.ts";

export const catalogFileName = "catalog.yaml";

export interface LoadOptions {
  /** Workspace root; spec paths in diagnostics are relative to it. */
  readonly root: string;
  /** Only these server spec files (paths relative to root); all of specs/ when omitted. */
  readonly only?: readonly string[];
  /** Replace file contents (path relative to root → text), for in-memory checks and tests. */
  readonly overrides?: ReadonlyMap<string, string>;
}

/** Server spec files under specs/, relative to root, in stable order. */
export function listSpecFiles(root: string): string[] {
  return readdirSync(join(root, "specs"))
    .filter((name) => name.endsWith(".yaml") && name !== catalogFileName)
    .sort()
    .map((name) => `specs/${name}`);
}

export function loadCatalog(options: LoadOptions): Catalog {
  const { root } = options;
  const diagnostics: Diagnostic[] = [];
  const read = (file: string): string | undefined => {
    const override = options.overrides?.get(file);
    if (override !== undefined) return override;
    try {
      return readFileSync(join(root, file), "utf8");
    } catch (error) {
      const code = file.endsWith(catalogFileName) ? "missing-catalog" : "missing-file";
      diagnostics.push({ file, line: 1, col: 1, code, message: `cannot read ${file}: ${(error as Error).message}`, hint: "Check the path; spec files live in specs/." });
      return undefined;
    }
  };
  const parse = (file: string, schema: "server" | "catalog"): SpecSource | undefined => {
    const text = read(file);
    if (text === undefined) return undefined;
    const source = new SpecSource(file, text);
    diagnostics.push(...source.syntaxErrors);
    if (source.syntaxErrors.length > 0) return undefined;
    const structural = checkSchema(source, schema);
    diagnostics.push(...structural);
    return structural.length === 0 ? source : undefined;
  };

  const catalogFile = `specs/${catalogFileName}`;
  const catalogSource = parse(catalogFile, "catalog");
  const rules: CatalogRules | undefined = catalogSource && buildCatalogRules(catalogSource, diagnostics);
  const files = (options.only ?? listSpecFiles(root)).map((f) => relative(root, join(root, f)));
  const servers: Server[] = [];
  for (const file of [...new Set(files)].sort()) {
    const source = parse(file, "server");
    if (source !== undefined && rules !== undefined) servers.push(buildServer(source, rules, diagnostics));
  }
  const seen = new Map<string, Server>();
  for (const server of servers) {
    const other = seen.get(server.name);
    if (other !== undefined) {
      diagnostics.push({ file: server.specFile, line: 1, col: 1, code: "duplicate-server", message: `server ${server.name} is also defined in ${other.specFile}`, hint: "Each server has exactly one spec file." });
    }
    seen.set(server.name, server);
  }
  if (diagnostics.length > 0 || rules === undefined) throw new SpecError(diagnostics);
  servers.sort((a, b) => compareText(a.slug, b.slug));
  return { rules, servers };
}
