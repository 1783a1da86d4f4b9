// The generators run as one compiled ES module, generators/dist/toolcat.cjs, bundled by esbuild from
// src/ with its dependencies left external but yaml (see bundledPackages): a cold start then skips a
// TypeScript loader and its per-file transforms. Beside the bundle, dist/toolcat.inputs.json lists
// each source it was built from with a content hash; every start re-hashes them and rebuilds when
// any differs, so the bundle is never older than the sources. Rebuilds are atomic (written beside,
// then renamed). The spec worker runs the same bundle (bin/spec-worker.js): one build, one hash.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const generators = fileURLToPath(new URL("../", import.meta.url));
const root = join(generators, "..");
const dist = join(generators, "dist");
const bundle = join(dist, "toolcat.cjs");
const inputsFile = join(dist, "toolcat.inputs.json");
/** This file decides how the bundle is built, so it is an input too. */
const self = relative(root, fileURLToPath(import.meta.url));

/** @param {string} file relative to the workspace root */
function digest(file) {
  try {
    return createHash("sha256")
      .update(readFileSync(join(root, file)))
      .digest("base64url");
  } catch {
    return undefined;
  }
}

function upToDate() {
  if (!existsSync(bundle)) return false;
  try {
    /** @type {Record<string, string>} */
    const inputs = JSON.parse(readFileSync(inputsFile, "utf8"));
    return Object.entries(inputs).every(([file, hash]) => digest(file) === hash);
  } catch {
    return false;
  }
}

/**
 * Bundling moves code into dist/, so each module's `import.meta.url` is defined as the URL of the
 * file it came from, expressed relative to the bundle: assets found beside a source stay found.
 * The prelude goes on the first line so the source map's line numbers stay right.
 * @type {import("esbuild").Plugin}
 */
const sourceUrls = {
  name: "source-urls",
  setup(build) {
    build.onLoad({ filter: /\.[jt]s$/ }, (args) => {
      if (args.path.split("\\").join("/").includes("/node_modules/")) return undefined;
      const from = relative(dist, args.path).split("\\").join("/");
      const prelude = `const __toolcatSourceUrl = new URL(${JSON.stringify(from)}, __toolcatBundleUrl).href; `;
      return { contents: prelude + readFileSync(args.path, "utf8"), loader: args.path.endsWith(".ts") ? "ts" : "js" };
    });
  },
};

/**
 * Dependencies stay external, loaded from node_modules through Node's compile cache, except the ones
 * named here. yaml is two dozen small modules that every command loads: resolving and reading them
 * one by one took about 12 ms of each cold start, bundled about 3 ms. Their files are inputs like any
 * source, so an upgrade rebuilds the bundle.
 */
const bundledPackages = new Set(["yaml"]);

/** @type {import("esbuild").Plugin} */
const dependencies = {
  name: "dependencies",
  setup(build) {
    // Bare specifiers only; relative paths resolve as usual.
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path
        .split("/")
        .slice(0, args.path.startsWith("@") ? 2 : 1)
        .join("/");
      return bundledPackages.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

/**
 * yaml's parser reads `process.env.LOG_TOKENS`, a debugging switch, for every token: a lookup in
 * the process environment each time, about 31,000 of them for the specs (about 10 ms of a cold
 * generate). Bundled, the parser reads it once when it loads; the switch works as before.
 * @type {import("esbuild").Plugin}
 */
const yamlTokenSwitch = {
  name: "yaml-token-switch",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]yaml[\\/]dist[\\/]parse[\\/]parser\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8")
        .replace("if (node_process.env.LOG_TOKENS)", "if (logTokens)")
        .replace("var node_process = require('process');", "$&\nconst logTokens = node_process.env.LOG_TOKENS;");
      return { contents: source, loader: "js" };
    });
  },
};

async function build() {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [join(generators, "src", "cli.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    // CommonJS, because its dependencies are: an ES module importing them would have Node scan each
    // one for its export names first (~60 ms for ts-morph).
    format: "cjs",
    target: "node20",
    sourcemap: "linked",
    metafile: true,
    write: false,
    logLevel: "silent",
    banner: { js: 'const __toolcatBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    define: { "import.meta.url": "__toolcatSourceUrl" },
    plugins: [dependencies, sourceUrls, yamlTokenSwitch],
  });
  /** @type {Record<string, string | undefined>} */
  const inputs = {};
  for (const input of [
    self,
    ...Object.keys(result.metafile.inputs).map((file) => relative(root, join(process.cwd(), file))),
  ]) {
    inputs[input.split("\\").join("/")] = digest(input);
  }
  mkdirSync(dist, { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  for (const file of result.outputFiles) writeFileSync(file.path + suffix, file.contents);
  writeFileSync(inputsFile + suffix, `${JSON.stringify(inputs, null, 2)}\n`);
  for (const file of result.outputFiles) renameSync(file.path + suffix, file.path);
  // The inputs list goes last: a run killed before it leaves the next one rebuilding.
  renameSync(inputsFile + suffix, inputsFile);
}

/**
 * The path of the compiled generators (exports: src/cli.ts), built first when missing or older
 * than any source.
 * @returns {Promise<string>}
 */
export async function compiledBundle() {
  if (!upToDate()) await build();
  return bundle;
}
