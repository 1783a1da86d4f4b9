// Section 5: what a package costs its consumer, now and before (the packages as they were at
// `footprintBase`, built in a scratch directory). Minified+gzipped size of each package's entry
// bundled by esbuild, with @toolcat/runtime left external and bundled in; its search index
// (search-index.json, read on the first search only); a consumer importing one tool's validator,
// checked to contain no other tool of that server; and cold import time with search unused.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { holdsValidator } from "../../test/support/bundles.ts";
import { buildAt, git } from "./build-at.ts";
import { interleave, round, stats, timeNodeOk, workspaceRoot, type Stats } from "./measure.ts";
import { readManifests } from "./openapi.ts";

/** "Before" for issue 29: main when the work began. `BENCH_FOOTPRINT_BASE` picks another commit. */
export const footprintBase = process.env["BENCH_FOOTPRINT_BASE"] ?? "aabfd7d";

export interface Sizes {
  /** Bytes of the package's own code, minified then gzipped, @toolcat/runtime external. */
  readonly ownGzipBytes: number;
  /** The same bundle with @toolcat/runtime included: what a consumer ships for the whole package. */
  readonly withRuntimeGzipBytes: number;
  readonly searchIndexGzipBytes: number;
  /** Fresh-process `import()` of the package entry, search unused. */
  readonly coldImportMs: Stats;
}

export interface PackageFootprint extends Sizes {
  readonly slug: string;
  readonly tools: number;
  readonly before: Sizes;
}

export interface ConsumerFootprint {
  readonly tool: string;
  readonly gzipBytes: number;
  readonly beforeGzipBytes: number;
  /** Other tools of the same server whose names appear in the bundle; must be empty. */
  readonly otherToolsIncluded: readonly string[];
}

export interface FootprintResult {
  readonly base: string;
  /** Fresh-process `import()` of an empty module, interleaved with the packages; absent in older results. */
  readonly emptyImportMs?: Stats;
  readonly runtimeGzipBytes: number;
  readonly packages: readonly PackageFootprint[];
  readonly consumers: readonly ConsumerFootprint[];
}

const consumerTools = [
  { slug: "cloud-sheets", server: "CloudSheets", tool: "GetSpreadsheet" },
  { slug: "recruit-api", server: "RecruitApi", tool: "CreateCandidate" },
] as const;

/** Bundles `contents` (an ES module importing from `resolveDir`'s packages) and returns the output text. */
async function bundle(
  contents: string,
  resolveDir: string,
  options: { minify: boolean; external?: string[] },
): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    // Neutral reads no main field by default; the search's stemmer ships CommonJS with only `main`.
    mainFields: ["module", "main"],
    target: "es2022",
    minify: options.minify,
    // Node built-ins stay imports (the runtime's search routes import node:module), as for any bundler.
    external: [...(options.external ?? []), "node:*"],
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const gzipBytes = (text: string | Buffer): number => gzipSync(text, { level: 9 }).length;

/** A tree of built packages: the workspace's, or one built at the base commit. */
interface Tree {
  readonly resolveDir: string;
  readonly entry: (slug: string) => string;
  readonly dir: (slug: string) => string;
}

const workspaceTree: Tree = {
  resolveDir: workspaceRoot,
  entry: (slug) => `@toolcat/${slug}`,
  dir: (slug) => join(workspaceRoot, "packages", slug),
};

async function consumerBundle(tree: Tree, slug: string, tool: string, minify: boolean): Promise<string> {
  // Exported, so the validator itself cannot be dropped as unused.
  return bundle(`export { validate${tool} } from ${JSON.stringify(tree.entry(slug))};\n`, tree.resolveDir, { minify });
}

async function consumer(
  c: (typeof consumerTools)[number],
  before: Tree,
  allTools: readonly string[],
): Promise<ConsumerFootprint> {
  // Names survive only without minification: look for other tools there, with the same tree shaking.
  const readable = await consumerBundle(workspaceTree, c.slug, c.tool, false);
  if (!holdsValidator(readable, c.tool))
    throw new Error(
      `the ${c.server}.${c.tool} consumer bundle lacks its own validator; the name check would prove nothing`,
    );
  return {
    tool: `${c.server}.${c.tool}`,
    gzipBytes: gzipBytes(await consumerBundle(workspaceTree, c.slug, c.tool, true)),
    beforeGzipBytes: gzipBytes(await consumerBundle(before, c.slug, c.tool, true)),
    otherToolsIncluded: allTools.filter(
      (other) => other !== c.tool && new RegExp(`${other}(?![A-Za-z0-9_])`).test(readable),
    ),
  };
}

async function sizes(tree: Tree, slug: string, importMs: readonly number[]): Promise<Sizes> {
  const entry = `export * from ${JSON.stringify(tree.entry(slug))};\n`;
  return {
    ownGzipBytes: gzipBytes(await bundle(entry, tree.resolveDir, { minify: true, external: ["@toolcat/runtime"] })),
    withRuntimeGzipBytes: gzipBytes(await bundle(entry, tree.resolveDir, { minify: true })),
    searchIndexGzipBytes: gzipBytes(readFileSync(join(tree.dir(slug), "search-index.json"))),
    coldImportMs: stats(importMs.map((ms) => round(ms, 2))),
  };
}

const emptyModule = pathToFileURL(join(workspaceRoot, "tools/bench/child/empty.mjs")).href;

const coldImport = (specifier: string) => () =>
  (JSON.parse(timeNodeOk(["tools/bench/child/import.mjs", specifier]).stdout) as { importMs: number }).importMs;

export async function benchFootprint(warmup = 1, runs = 5): Promise<FootprintResult> {
  const manifests = readManifests(workspaceRoot);
  const slugs = manifests.map((m) => m.package.replace("@toolcat/", ""));
  const scratch = mkdtempSync(join(tmpdir(), "toolcat-bench-footprint-"));
  try {
    const base = git("rev-parse", "--short", footprintBase);
    const dirs = buildAt(base, slugs, scratch);
    const before: Tree = {
      resolveDir: scratch,
      entry: (slug) => join(dirs[slug]!, "dist/index.js"),
      dir: (slug) => dirs[slug]!,
    };
    // Before and after take turns, package by package, so machine load hits both alike.
    // The empty module takes its turn too: the floor under every package's figure in the same run.
    const imports = interleave(
      Object.fromEntries([
        ["empty", coldImport(emptyModule)] as const,
        ...slugs.flatMap((slug) => [
          [`after ${slug}`, coldImport(`@toolcat/${slug}`)] as const,
          [`before ${slug}`, coldImport(pathToFileURL(before.entry(slug)).href)] as const,
        ]),
      ]),
      warmup,
      runs,
    );
    const packages: PackageFootprint[] = [];
    for (const [index, slug] of slugs.entries()) {
      packages.push({
        slug,
        tools: manifests[index]!.tools.length,
        ...(await sizes(workspaceTree, slug, imports[`after ${slug}`]!)),
        before: await sizes(before, slug, imports[`before ${slug}`]!),
      });
    }
    const consumers: ConsumerFootprint[] = [];
    for (const c of consumerTools)
      consumers.push(
        await consumer(
          c,
          before,
          manifests.find((m) => m.server.name === c.server)!.tools.map((t) => t.name),
        ),
      );
    const runtimeGzipBytes = gzipBytes(
      await bundle(`export * from "@toolcat/runtime";\n`, workspaceRoot, { minify: true }),
    );
    const emptyImportMs = stats(imports["empty"]!.map((ms) => round(ms, 2)));
    return { base, emptyImportMs, runtimeGzipBytes, packages, consumers };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
