// Third-party packages inlined into a package's modules. A package's command built self-contained:
// package.json `toolcatCommand` names its source, the module to write and the packages to inline, so
// the command runs without them being installed (they leave `dependencies`; the package's library
// entries still import them, as peers). A package's `toolcatInline` names packages its library
// entries inline (the runtime's search libraries: no module resolution or CommonJS loader on the
// import path). What is inlined brings its licence texts in a notice file beside the modules, and each
// module's map keeps the positions in the inlined packages' sources without their text (the package's
// own sources stay embedded).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** The file the licence texts of everything inlined into a command are written to, in `dist/`. */
export const noticeFile = "THIRD_PARTY_NOTICES.md";

/**
 * @typedef {{ source: string, module: string, inline: string[] }} CommandSpec
 * @typedef {{ name: string, version: string, license: string, texts: { file: string, text: string }[], from?: string }}
 * Notice
 */

/**
 * The package's `toolcatCommand`, its inlined packages checked (checkInlined).
 * @param {Record<string, any>} manifest the package.json
 * @returns {CommandSpec | undefined}
 */
export function commandSpec(manifest) {
  const command = manifest["toolcatCommand"];
  if (command === undefined) return undefined;
  const { source, module, inline } = command;
  if (
    typeof source !== "string" ||
    typeof module !== "string" ||
    !/^dist\/[\w/-]+\.js$/.test(module) ||
    !Array.isArray(inline)
  ) {
    throw new Error(
      'toolcatCommand must be { "source": "src/….ts", "module": "dist/….js", "inline": [package names] }',
    );
  }
  checkInlined(manifest, "toolcatCommand", inline);
  return { source, module, inline };
}

/**
 * Each package a build inlines must be a devDependency (the build needs it installed) and not a
 * dependency (an install would then carry it twice, inlined and installed).
 * @param {Record<string, any>} manifest the package.json
 * @param {string} field the package.json field naming them
 * @param {unknown[]} inline
 */
export function checkInlined(manifest, field, inline) {
  for (const name of inline) {
    if (typeof name !== "string") throw new Error(`${field} must list package names`);
    if (manifest["dependencies"]?.[name] !== undefined)
      throw new Error(`${field} inlines ${name}, which is also in dependencies: remove it from one`);
    if (manifest["devDependencies"]?.[name] === undefined)
      throw new Error(`${field} inlines ${name}: add it to devDependencies so the build has it`);
  }
}

/**
 * The npm name a bare specifier imports (`@scope/name` or `name`).
 * @param {string} specifier
 */
export function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

/**
 * esbuild options for the command, from the package build's own (`base`): the package's sources and
 * the inlined packages (with all they import) are bundled; any other bare import from the package's
 * sources (its dependencies, a peer loaded on demand, Node's built-ins) stays an import.
 * @param {string} dir the package directory
 * @param {CommandSpec} command
 * @param {string} outfile the module to write
 * @param {import("esbuild").BuildOptions} base the options the package's entries are built with
 * @returns {import("esbuild").BuildOptions}
 */
export function commandOptions(dir, command, outfile, base) {
  const { outdir: _outdir, outbase: _outbase, packages: _packages, splitting: _splitting, ...shared } = base;
  return {
    ...shared,
    entryPoints: [command.source],
    outfile,
    plugins: [keepImportsBut(dir, command.inline)],
    metafile: true,
  };
}

/**
 * Keeps every bare import of the package's own sources an import, but those of the `inline`
 * packages, which are bundled with all they import.
 * @param {string} dir the package directory
 * @param {string[]} inline package names
 * @returns {import("esbuild").Plugin}
 */
export function keepImportsBut(dir, inline) {
  const ownSources = join(resolve(dir), "src") + sep;
  const names = new Set(inline);
  return {
    name: "keep-imports-but-inlined",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === "entry-point" || !args.importer.startsWith(ownSources)) return undefined;
        return names.has(packageName(args.path)) ? undefined : { external: true };
      });
    },
  };
}

/**
 * The root of the installed package a file belongs to: the directory after its last `node_modules/`.
 * @param {string} file an absolute path
 */
function packageRoot(file) {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
  return match?.[1];
}

/**
 * Licence, notice and copying files at a package's root.
 * @param {string} root
 */
function licenceTexts(root) {
  return readdirSync(root)
    .filter((file) => /^(licen[cs]e|notice|copying)/i.test(file))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(root, file), "utf8").trimEnd() }));
}

/**
 * @param {string} root
 * @returns {Notice}
 */
function noticeOf(root) {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return {
    name: manifest.name,
    version: manifest.version,
    license: String(manifest.license ?? "not stated"),
    texts: licenceTexts(root),
  };
}

/**
 * The packages inlined into the command: those esbuild read files of (from its metafile), and those
 * their own published builds already inlined, which only their source maps name (the MCP SDK is
 * built from a pnpm workspace: `node_modules/.pnpm/<name>@<version>…/node_modules/<name>/…`). The
 * licence text of the latter is read from the copy installed beside the package that inlined it,
 * which may be another version; the notice says which.
 * @param {string} dir the package directory
 * @param {import("esbuild").Metafile} metafile
 * @param {string[]} mapSources the sources of the command's map
 * @returns {Notice[]}
 */
export function inlinedPackages(dir, metafile, mapSources) {
  /** @type {Map<string, Notice>} */
  const notices = new Map();
  /** @type {string[]} */
  const roots = [];
  for (const input of Object.keys(metafile.inputs)) {
    const root = packageRoot(resolve(dir, input));
    if (root === undefined || roots.includes(root)) continue;
    roots.push(root);
    const notice = noticeOf(root);
    notices.set(notice.name, notice);
  }
  for (const source of mapSources) {
    const match = /[\\/]\.pnpm[\\/]((?:@[^\\/+]+\+)?[^\\/@]+)@([^\\/_(]+)[^\\/]*[\\/]node_modules[\\/]/.exec(source);
    if (match === null) continue;
    const name = (match[1] ?? "").replace("+", "/");
    const version = match[2] ?? "";
    if (notices.has(name)) continue;
    const installed = roots.map((root) => findInstalled(root, name)).find((found) => found !== undefined);
    const read = installed === undefined ? undefined : noticeOf(installed);
    notices.set(name, {
      name,
      version,
      license: read?.license ?? "not stated",
      texts: read?.texts ?? [],
      ...(read !== undefined && read.version !== version ? { from: read.version } : {}),
    });
  }
  return [...notices.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Where Node would find `name` from inside `root`: `node_modules` folders from there upward.
 * @param {string} root
 * @param {string} name
 */
function findInstalled(root, name) {
  for (let at = root; ; at = dirname(at)) {
    const candidate = join(at, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(at) === at) return undefined;
  }
}

/**
 * The notice file's text: each package with its version, licence and licence files, by name.
 * @param {string} packageName the package the command ships in
 * @param {string | string[]} modules the modules holding them, relative to the package
 * @param {Notice[]} notices
 */
export function noticeText(packageName, modules, notices) {
  const named = [modules].flat().map((module) => `\`${module}\``);
  const holders =
    named.length === 1 ? `${named[0]} includes` : `${named.slice(0, -1).join(", ")} and ${named.at(-1)} include`;
  const lines = [
    `# Third-party software in ${packageName}`,
    "",
    `${holders} the following packages, bundled when ${packageName} was built. Each is listed with`,
    "its licence and the licence files it ships.",
  ];
  for (const notice of notices) {
    lines.push("", `## ${notice.name} ${notice.version}`, "", `Licence: ${notice.license}`);
    if (notice.from !== undefined)
      lines.push(
        "",
        `(Built into another package listed here; licence files read from ${notice.name} ${notice.from}.)`,
      );
    if (notice.texts.length === 0) lines.push("", "The package ships no licence file.");
    for (const { file, text } of notice.texts) {
      const fence = "`".repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((run) => run[0].length + 1)));
      lines.push("", `${file}:`, "", `${fence}text`, text, fence);
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Drops the text of third-party sources from the command's map, keeping their names and positions:
 * a stack trace still maps to the inlined package's file and line, and the map stays a fraction of
 * the size (the inlined packages' own maps carry their whole sources).
 * @param {string} mapFile
 * @returns {string[]} the map's sources
 */
export function trimThirdPartySources(mapFile) {
  const map = JSON.parse(readFileSync(mapFile, "utf8"));
  /** @type {string[]} */
  const sources = map.sources;
  map.sourcesContent = sources.map((source, index) =>
    /(^|[\\/])node_modules[\\/]/.test(source) ? null : (map.sourcesContent?.[index] ?? null),
  );
  writeFileSync(mapFile, JSON.stringify(map));
  return sources;
}

/**
 * After the command's build: the map trimmed and the notice file written beside the module.
 * @param {string} dir the package directory
 * @param {string} out the directory being built (dist/'s stand-in)
 * @param {CommandSpec} command
 * @param {import("esbuild").Metafile} metafile
 */
export function finishCommand(dir, out, command, metafile) {
  const outfile = join(out, relative("dist", command.module));
  writeNotice(dir, out, command.module, metafile, trimThirdPartySources(`${outfile}.map`));
}

/**
 * The notice file for what the built modules inline, beside them.
 * @param {string} dir the package directory
 * @param {string} out the directory being built (dist/'s stand-in)
 * @param {string | string[]} modules the modules holding the inlined packages, relative to the package
 * @param {import("esbuild").Metafile} metafile
 * @param {string[]} sources the sources of those modules' maps
 */
function writeNotice(dir, out, modules, metafile, sources) {
  const name = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name;
  writeFileSync(join(out, noticeFile), noticeText(name, modules, inlinedPackages(dir, metafile, sources)));
}

/**
 * The package.json `toolcatInline`, checked (checkInlined): packages the library entries bundle.
 * @param {Record<string, any>} manifest the package.json
 * @returns {string[]}
 */
export function inlineSpec(manifest) {
  const inline = manifest["toolcatInline"] ?? [];
  if (!Array.isArray(inline)) throw new Error('toolcatInline must be a list of package names, as in ["minisearch"]');
  if (inline.length > 0 && manifest["toolcatCommand"] !== undefined)
    throw new Error("a package has one notice file: inline packages through toolcatCommand or toolcatInline, not both");
  checkInlined(manifest, "toolcatInline", inline);
  return inline;
}

/**
 * After the library entries' build, when they inline packages: the maps of the modules holding them
 * trimmed, and the notice file naming those modules written.
 * @param {string} dir the package directory
 * @param {string} out the directory being built (dist/'s stand-in)
 * @param {import("esbuild").Metafile} metafile
 */
export function finishInlined(dir, out, metafile) {
  const holding = Object.entries(metafile.outputs).filter(
    ([file, output]) =>
      file.endsWith(".js") && Object.keys(output.inputs).some((input) => packageRoot(resolve(dir, input))),
  );
  const sources = holding.flatMap(([file]) => trimThirdPartySources(`${resolve(dir, file)}.map`));
  const modules = holding.map(([file]) => `dist/${relative(out, resolve(dir, file)).split(sep).join("/")}`);
  writeNotice(dir, out, modules, metafile, sources);
}
