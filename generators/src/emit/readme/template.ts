// Handlebars templates, compiled once per template text instead of once per process: compiling the
// README template was about 20 ms of a cold `generate`, and the compiler loads slower than the
// runtime. The precompiled template is kept in generators/dist/templates/ under a name made from a
// hash of the text, the options and the Handlebars version (an edited template gets a new name),
// written to a temporary file and renamed, so a reader never sees half of one. Where dist/ cannot
// be written (a read-only install), the template is compiled in memory as before.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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
export function loadTemplate(file: URL, cacheDir = fileURLToPath(new URL("../../../dist/templates/", import.meta.url))): Template {
  const text = readFileSync(file, "utf8");
  const runtime = require("handlebars/runtime") as typeof import("handlebars");
  const key = createHash("sha256").update(`${runtime.VERSION}\0${JSON.stringify(options())}\0${text}`).digest("base64url").slice(0, 16);
  const cached = join(cacheDir, `${basename(fileURLToPath(file))}.${key}.cjs`);
  if (!existsSync(cached) && !writePrecompiled(cached, text)) return compiler().compile(text, options());
  return runtime.template(require(cached) as Parameters<typeof runtime.template>[0]);
}

/** Writes the precompiled module atomically; false when it cannot be written. */
function writePrecompiled(path: string, text: string): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(temporary, `module.exports = ${compiler().precompile(text, options())};\n`);
    renameSync(temporary, path);
    return true;
  } catch {
    // Where the directory could not be made, there is no temporary to remove either.
    if (existsSync(temporary)) rmSync(temporary);
    return false;
  }
}

/** Handlebars' compiler, loaded only when a template is compiled. */
const compiler = (): typeof import("handlebars") => require("handlebars") as typeof import("handlebars");
