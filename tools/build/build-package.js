#!/usr/bin/env node
// Builds one package's dist/: tsc type-checks and writes the declarations, esbuild writes the
// JavaScript as one ES module per public entry (entries sharing code get one shared chunk, so
// module state such as class identity stays single). Fewer, larger modules import several times
// faster than tsc's file per source. When one entry re-exports every other (the runtime's internal
// entry), that entry is the one module holding all the code and the others re-export from it: an
// import then loads one module where a shared chunk would add one more for every entry used.
// Dependencies stay imports, but the packages a package.json `toolcatInline` names, which are bundled
// (command-bundle.js); maps point at the shipped src/.
// A package may also name a command to build self-contained (command-bundle.js).
// Usage: node tools/build/build-package.js <package directory>
// Plain ES module JavaScript with JSDoc types (checked by tsc), so it runs without a TypeScript loader
// from an Nx target and from a package's prepack alike.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { build } from "esbuild";
import {
  commandOptions,
  commandSpec,
  finishCommand,
  finishInlined,
  inlineSpec,
  keepImportsBut,
} from "./command-bundle.js";

/** The oldest Node the packages support (their `engines`). */
const nodeTarget = "node22.12";

/**
 * The source of each `./dist/<name>.js` a package exports: `src/<name>.ts`.
 * @param {unknown} exportsField the package.json `exports`
 * @returns {string[]}
 */
export function entryPoints(exportsField) {
  /** @type {string[]} */
  const targets = [];
  for (const value of Object.values(/** @type {Record<string, unknown>} */ (exportsField ?? {}))) {
    const target =
      typeof value === "object" && value !== null ? /** @type {Record<string, unknown>} */ (value)["default"] : value;
    const match = typeof target === "string" ? /^\.\/dist\/(.+)\.js$/.exec(target) : null;
    if (match) targets.push(`src/${match[1]}.ts`);
  }
  return targets;
}

/** Imports of `@toolcat/runtime` itself (not its subpaths) go to `@toolcat/runtime/internal`, left external. */
/** @type {import("esbuild").Plugin} */
const runtimeThroughInternal = {
  name: "runtime-through-internal",
  setup(build) {
    build.onResolve({ filter: /^@toolcat\/runtime$/ }, () => ({ path: "@toolcat/runtime/internal", external: true }));
  },
};

/** @param {string} dir the package directory */
const packageJson = (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/**
 * How esbuild bundles a package's entries into `out`; the tree-shaking contract test bundles the
 * same way in memory.
 * @param {string} dir the package directory
 * @param {string[]} entries the entry sources
 * @param {string} out the directory to write
 * @returns {import("esbuild").BuildOptions}
 */
export function bundleOptions(dir, entries, out) {
  const manifest = packageJson(dir);
  const inline = inlineSpec(manifest);
  return {
    absWorkingDir: dir,
    entryPoints: entries,
    outdir: out,
    outbase: "src",
    bundle: true,
    splitting: entries.length > 1,
    format: "esm",
    platform: "node",
    target: nodeTarget,
    // Every bare import (the runtime, Node built-ins) stays an import: installs share them.
    ...(inline.length === 0 ? { packages: /** @type {const} */ ("external") } : {}),
    // The runtime's internal entry holds the whole runtime, public API included: importing the runtime
    // through it alone loads one module, where its public entry would load a re-exporting one as well.
    plugins: [
      ...(manifest.name === "@toolcat/runtime" ? [] : [runtimeThroughInternal]),
      ...(inline.length === 0 ? [] : [keepImportsBut(dir, inline)]),
    ],
    sourcemap: "linked",
    logLevel: "warning",
  };
}

/**
 * The entry that re-exports every other entry's names, and each other entry's names; undefined when
 * there is one entry or none re-exports all the others.
 * @param {string} dir the package directory
 * @param {string[]} entries the entry sources
 * @returns {Promise<{ home: string, others: { entry: string, names: string[] }[] } | undefined>}
 */
export async function homeEntry(dir, entries) {
  if (entries.length < 2) return undefined;
  const { metafile } = await build({
    ...bundleOptions(dir, entries, "out"),
    write: false,
    metafile: true,
    sourcemap: false,
    logLevel: "silent",
  });
  /** @type {Map<string, string[]>} */
  const names = new Map();
  for (const output of Object.values(metafile?.outputs ?? {}))
    if (output.entryPoint !== undefined) names.set(output.entryPoint, output.exports);
  const home = entries.find((entry) => {
    const own = new Set(names.get(entry));
    return entries.every((other) => (names.get(other) ?? []).every((name) => own.has(name)));
  });
  if (home === undefined) return undefined;
  return {
    home,
    others: entries.filter((entry) => entry !== home).map((entry) => ({ entry, names: names.get(entry) ?? [] })),
  };
}

/**
 * The package.json `toolcatApart`: sources built outside the package's one module (see buildInto).
 * @param {string} dir the package directory
 * @returns {string[]}
 */
function apartSources(dir) {
  const apart = packageJson(dir)["toolcatApart"] ?? [];
  if (
    !Array.isArray(apart) ||
    !apart.every((source) => typeof source === "string" && /^src\/[\w/-]+\.ts$/.test(source))
  )
    throw new Error('toolcatApart must be a list of sources, as in ["src/search/engine.ts"]');
  return apart;
}

/**
 * The module written for `entry` in `out`, as esbuild names it (`outbase` is src/).
 * @param {string} out
 * @param {string} entry
 */
const outputOf = (out, entry) => join(out, relative("src", entry).replace(/\.ts$/, ".js"));

/**
 * Writes each of `others` as a module re-exporting its names from the home entry's module.
 * @param {string} out the directory written
 * @param {string} home the home entry's source
 * @param {{ entry: string, names: string[] }[]} others
 */
function writeReexports(out, home, others) {
  for (const { entry, names } of others) {
    const file = outputOf(out, entry);
    const from = relative(dirname(file), outputOf(out, home)).split(sep).join("/");
    const list = names.map((name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))).join(", ");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `// ${entry}: its exports, which ${home} holds with the rest of the package in one module.\n` +
        `export { ${list} } from ${JSON.stringify(from.startsWith(".") ? from : `./${from}`)};\n`,
    );
  }
}

/**
 * tsc's declarations and esbuild's modules, written into `out`.
 * @param {string} dir the package directory
 * @param {string} out the directory to write
 * @param {string[]} entries the entry sources
 * @param {import("./command-bundle.js").CommandSpec | undefined} command the package's self-contained command, if any
 */
async function buildInto(dir, out, entries, command) {
  // TypeScript 7 (installed as typescript-native, see package.json) exports no bin/ path: find it beside its
  // package.json.
  const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript-native/package.json")), "bin", "tsc");
  const declarations = spawnSync(
    process.execPath,
    [tsc, "-p", join(dir, "tsconfig.json"), "--outDir", out, "--tsBuildInfoFile", join(out, ".tsbuildinfo")],
    { stdio: "inherit" },
  );
  if (declarations.status !== 0) return false;
  const plan = await homeEntry(dir, entries);
  /** @type {import("esbuild").Metafile | undefined} */
  let metafile;
  if (plan === undefined) ({ metafile } = await build({ ...bundleOptions(dir, entries, out), metafile: true }));
  else {
    // Each source the package lists in `toolcatApart` goes, with the code it uses, into a chunk the one
    // module imports: a bundler dropping an unused module drops the imports it makes, so a library that
    // declares no `sideEffects: false` stays out of a consumer's bundle that uses none of it.
    const apart = apartSources(dir);
    ({ metafile } = await build({
      ...bundleOptions(dir, [plan.home, ...apart], out),
      splitting: apart.length > 0,
      metafile: true,
    }));
    // Their entry modules only re-export the chunk, and nothing imports them.
    for (const source of apart) for (const suffix of ["", ".map"]) rmSync(outputOf(out, source) + suffix);
    writeReexports(out, plan.home, plan.others);
  }
  if (metafile !== undefined && inlineSpec(packageJson(dir)).length > 0) finishInlined(dir, out, metafile);
  if (command !== undefined) {
    const { metafile } = await build(
      commandOptions(
        dir,
        command,
        join(out, relative("dist", command.module)),
        bundleOptions(dir, [command.source], out),
      ),
    );
    if (metafile !== undefined) finishCommand(dir, out, command, metafile);
  }
  return true;
}

/**
 * @param {string} dir the package directory
 */
export async function buildPackage(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const entries = entryPoints(manifest.exports);
  const command = commandSpec(manifest);
  if (entries.length === 0) throw new Error(`${dir}/package.json exports no ./dist/<name>.js entry to build`);
  // Built whole beside dist/, then swapped in by two renames: a reader of dist/ (a test importing the
  // package while another task packs it) never sees it half-written, and absent only between the
  // renames, not for the seconds a build takes. A fresh directory also means files
  // of a module since removed, or of tsc's earlier file-per-source output, never ship. It sits at
  // dist/'s depth, so the maps' relative paths into src/ hold after the swap.
  const staging = join(dir, `dist.building-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const built = await buildInto(dir, staging, entries, command).catch((error) => {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  });
  if (!built) {
    rmSync(staging, { recursive: true, force: true });
    return false;
  }
  const old = join(dir, `dist.old-${process.pid}`);
  if (existsSync(join(dir, "dist"))) renameSync(join(dir, "dist"), old);
  renameSync(staging, join(dir, "dist"));
  rmSync(old, { recursive: true, force: true });
  return true;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const dir = process.argv[2];
  if (dir === undefined) {
    process.stderr.write("usage: node tools/build/build-package.js <package directory>\n");
    process.exit(2);
  }
  // One line, never a stack trace; esbuild has printed its own errors in full already.
  const built = await buildPackage(resolve(dir)).catch((/** @type {Error & { errors?: unknown }} */ error) => {
    if (error.errors === undefined) process.stderr.write(`build-package: ${error.message}\n`);
    return false;
  });
  process.exitCode = built ? 0 : 1;
}
