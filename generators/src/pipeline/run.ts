// The whole job in memory: load specs, generate every selected package, and report what it took.
// `generate` and `check-drift` take the packages one at a time from `serverRuns`, so they and the
// benchmark (which takes them all, `runPipeline`) produce identical files.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { GeneratedFile, Versions } from "../core/files.ts";
import { generateServer } from "../emit/registry.ts";
import { kebabCase } from "../ir/naming.ts";
import type { Catalog, Server } from "../ir/types.ts";
import { loadCatalog, type LoadOptions } from "../loader/load.ts";
import { emitResources } from "./resources.ts";

export const initialVersion = "0.1.0";

export interface ServerRun {
  readonly server: string;
  readonly slug: string;
  readonly tools: number;
  readonly files: readonly GeneratedFile[];
  readonly milliseconds: number;
  /** The versions the package was generated with. */
  readonly versions: Versions;
}

export interface PipelineResult {
  readonly catalog: Catalog;
  readonly runs: readonly ServerRun[];
  readonly files: readonly GeneratedFile[];
  /** Package slugs this run owns (whose stale files may be removed). */
  readonly slugs: readonly string[];
}

export interface PipelineOptions extends Omit<LoadOptions, "only"> {
  /** Server slugs (cloud-sheets) or spec paths to generate; all when omitted. */
  readonly servers?: readonly string[];
  /** The catalog, when it was loaded already (on a worker thread: spec-worker.ts). */
  readonly catalog?: Catalog;
}

export function runPipeline(options: PipelineOptions): PipelineResult {
  const catalog = options.catalog ?? loadPipelineCatalog(options);
  const runs = [...serverRuns(catalog, packageVersions(options.root, catalog))];
  return { catalog, runs, files: runs.flatMap((r) => r.files), slugs: catalog.servers.map((s) => kebabCase(s.name)) };
}

export function loadPipelineCatalog(options: PipelineOptions): Catalog {
  const only = options.servers?.map((s) => (s.endsWith(".yaml") ? s : `specs/${s}.yaml`));
  return loadCatalog({ ...options, ...(only !== undefined && { only }) });
}

/**
 * Generates the catalog's packages one at a time, lazily, so a caller can let each package's files
 * go before the next is generated: memory then stays flat in the number of servers.
 */
export function* serverRuns(catalog: Catalog, versions: PackageVersions): Generator<ServerRun> {
  for (const server of catalog.servers) yield serverRun(server, catalog, versions(server.slug));
}

export function serverRun(server: Server, catalog: Catalog, versions: Versions): ServerRun {
  const start = performance.now();
  const files = generateServer(server, catalog, versions, emitResources());
  return {
    server: server.name,
    slug: server.slug,
    tools: server.tools.length,
    files,
    milliseconds: performance.now() - start,
    versions,
  };
}

/** The versions of each server's package and of the runtime. */
export type PackageVersions = (slug: string) => Versions;

/** The versions packages have on disk (releases move them, regeneration keeps them), read now. */
export function packageVersions(root: string, catalog: Catalog): PackageVersions {
  const runtime = readVersion(root, "runtime") ?? initialVersion;
  const read = new Map(catalog.servers.map((s) => [s.slug, readVersion(root, s.slug) ?? initialVersion]));
  return (slug) => ({ package: read.get(slug) ?? initialVersion, runtime });
}

/** The version a package has on disk. */
function readVersion(root: string, slug: string): string | undefined {
  const file = join(root, "packages", slug, "package.json");
  if (!existsSync(file)) return undefined;
  const version = (JSON.parse(readFileSync(file, "utf8")) as { version?: unknown }).version;
  return typeof version === "string" ? version : undefined;
}
