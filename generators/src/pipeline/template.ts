// Handlebars templates, compiled once per template text instead of once per process: compiling the
// README template was about 20 ms of a cold `generate`, and the compiler loads slower than the
// runtime. The precompiled template is kept in generators/dist/templates/ under a name made from a
// hash of the text, the options and the Handlebars version (an edited template gets a new name),
// written to a temporary file and renamed, so a reader never sees half of one; the entries of the
// template's earlier texts are removed then, so edits do not pile up. Where dist/ cannot be written
// (a read-only install), or another process removed the entry just read, the template is compiled
// in memory as before.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/**
 * Every template only arranges text the emitter has already escaped. A fresh object each time:
 * Handlebars adds keys to the options it is given.
 */
const options = (): CompileOptions => ({ noEscape: true, strict: true });

export type Template = (context: object) => string;

/** The template in `file`, precompiled into `cacheDir` (generators/dist/templates/ by default). */
export function loadTemplate(
  file: URL,
  cacheDir = fileURLToPath(new URL("../../dist/templates/", import.meta.url)),
): Template {
  const text = readFileSync(file, "utf8");
  const runtime = require("handlebars/runtime") as typeof import("handlebars");
  const key = createHash("sha256")
    .update(`${runtime.VERSION}\0${JSON.stringify(options())}\0${text}`)
    .digest("base64url")
    .slice(0, 16);
  const name = basename(fileURLToPath(file));
  const cached = join(cacheDir, `${name}.${key}.cjs`);
  if (existsSync(cached) || writePrecompiled(cached, text, name)) {
    try {
      return runtime.template(require(cached) as Parameters<typeof runtime.template>[0]);
    } catch {
      // Removed by another process that wrote a newer text of the template since the check above.
    }
  }
  return compiler().compile(text, options());
}

/** The cache entries of `name`'s other texts: same template name, another 16-character key. */
function staleEntries(dir: string, name: string, current: string): string[] {
  const isEntry = (entry: string): boolean =>
    entry.startsWith(`${name}.`) && /^\.[\w-]{16}\.cjs$/.test(entry.slice(name.length));
  return readdirSync(dir).filter((entry) => entry !== current && isEntry(entry));
}

/**
 * Writes the precompiled module atomically, then removes the template's stale entries; false when it cannot be written.
 */
function writePrecompiled(path: string, text: string, name: string): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  const dir = join(path, "..");
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, `module.exports = ${compiler().precompile(text, options())};\n`);
    renameSync(temporary, path);
    for (const entry of staleEntries(dir, name, basename(path))) rmSync(join(dir, entry), { force: true });
    return true;
  } catch {
    // Where the directory could not be made, there is no temporary to remove either.
    if (existsSync(temporary)) rmSync(temporary);
    return false;
  }
}

/** Handlebars' compiler, loaded only when a template is compiled. */
const compiler = (): typeof import("handlebars") => require("handlebars") as typeof import("handlebars");
