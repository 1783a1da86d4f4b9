// Section 5: what a package costs its consumer. Minified+gzipped size of each package's entry
// bundled by esbuild, with @toolcat/runtime left external and bundled in; a consumer importing one
// tool's validator, checked to contain no other tool of that server; and cold import time.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { interleave, round, stats, timeNodeOk, workspaceRoot, type Stats } from "./measure.ts";
import { readManifests } from "./openapi.ts";

export interface PackageFootprint {
  readonly slug: string;
  readonly tools: number;
  /** Bytes of the package's own code, minified then gzipped, @toolcat/runtime external. */
  readonly ownGzipBytes: number;
  /** The same bundle with @toolcat/runtime included: what a consumer ships for the whole package. */
  readonly withRuntimeGzipBytes: number;
  readonly coldImportMs: Stats;
}

export interface ConsumerFootprint {
  readonly tool: string;
  readonly gzipBytes: number;
  readonly minifiedBytes: number;
  /** Other tools of the same server whose names appear in the bundle; must be empty. */
  readonly otherToolsIncluded: readonly string[];
}

export interface FootprintResult {
  readonly runtimeGzipBytes: number;
  readonly packages: readonly PackageFootprint[];
  readonly consumers: readonly ConsumerFootprint[];
}

const consumerTools = [
  { slug: "cloud-sheets", server: "CloudSheets", tool: "GetSpreadsheet" },
  { slug: "recruit-api", server: "RecruitApi", tool: "CreateCandidate" },
] as const;

/** Bundles `contents` (an ES module importing from the workspace) and returns the output text. */
async function bundle(contents: string, options: { minify: boolean; external?: string[] }): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: workspaceRoot, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    minify: options.minify,
    external: options.external ?? [],
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const gzipBytes = (text: string): number => gzipSync(text, { level: 9 }).length;

async function consumer(slug: string, server: string, tool: string, allTools: readonly string[]): Promise<ConsumerFootprint> {
  // Exported, so the validator itself cannot be dropped as unused.
  const entry = `export { validate${tool} } from "@toolcat/${slug}";\n`;
  const minified = await bundle(entry, { minify: true });
  // Names survive only without minification: look for other tools there, with the same tree shaking.
  const readable = await bundle(entry, { minify: false });
  if (!readable.includes(`function validate${tool}(`)) throw new Error(`the ${server}.${tool} consumer bundle lacks its own validator; the name check would prove nothing`);
  const otherToolsIncluded = allTools.filter((other) => other !== tool && new RegExp(`${other}(?![A-Za-z0-9_])`).test(readable));
  return { tool: `${server}.${tool}`, gzipBytes: gzipBytes(minified), minifiedBytes: Buffer.byteLength(minified), otherToolsIncluded };
}

export async function benchFootprint(warmup = 1, runs = 5): Promise<FootprintResult> {
  const manifests = readManifests(workspaceRoot);
  const imports = interleave(
    Object.fromEntries(manifests.map((m) => [m.package, () => (JSON.parse(timeNodeOk(["tools/bench/child/import.mjs", m.package]).stdout) as { importMs: number }).importMs])),
    warmup,
    runs,
  );
  const packages: PackageFootprint[] = [];
  for (const manifest of manifests) {
    const entry = `export * from "${manifest.package}";\n`;
    packages.push({
      slug: manifest.package.replace("@toolcat/", ""),
      tools: manifest.tools.length,
      ownGzipBytes: gzipBytes(await bundle(entry, { minify: true, external: ["@toolcat/runtime"] })),
      withRuntimeGzipBytes: gzipBytes(await bundle(entry, { minify: true })),
      coldImportMs: stats(imports[manifest.package]!.map((ms) => round(ms, 2))),
    });
  }
  const consumers: ConsumerFootprint[] = [];
  for (const c of consumerTools) {
    const tools = manifests.find((m) => m.server.name === c.server)!.tools.map((t) => t.name);
    consumers.push(await consumer(c.slug, c.server, c.tool, tools));
  }
  const runtimeGzipBytes = gzipBytes(await bundle(`export * from "@toolcat/runtime";\n`, { minify: true }));
  return { runtimeGzipBytes, packages, consumers };
}
