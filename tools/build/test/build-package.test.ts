// The shared package build: every package's exported dist entries come from a source file, and a
// build of the runtime (in a scratch copy, so the workspace's dist/ is left alone) gives entries that
// share one module state, keeps the search library out of the eager imports and maps back to src/.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceRoot } from "../../../test/support/packages.ts";
import { buildPackage, entryPoints } from "../build-package.js";

const packageDirs = readdirSync(join(workspaceRoot, "packages"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(workspaceRoot, "packages", entry.name, "package.json")))
  .map((entry) => entry.name);

describe("entryPoints", () => {
  it.each(packageDirs)("finds a source file for each dist entry %s exports", (name) => {
    const manifest = JSON.parse(readFileSync(join(workspaceRoot, "packages", name, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    const distEntries = JSON.stringify(manifest.exports).match(/\.\/dist\/[\w/-]+\.js/g) ?? [];
    const entries = entryPoints(manifest.exports);
    expect(entries).toHaveLength(distEntries.length);
    for (const entry of entries) expect(existsSync(join(workspaceRoot, "packages", name, entry)), entry).toBe(true);
  });

  it.each([
    [{ ".": "./dist/index.js" }, ["src/index.ts"]],
    [
      { ".": { types: "./dist/a.d.ts", default: "./dist/a.js" }, "./b": { default: "./dist/b.js" } },
      ["src/a.ts", "src/b.ts"],
    ],
    [{ "./manifest.json": "./manifest.json", "./x": "./dist/nested/x.js" }, ["src/nested/x.ts"]],
    [undefined, []],
  ])("maps %j to %j", (exportsField, expected) => {
    expect(entryPoints(exportsField)).toEqual(expected);
  });
});

describe("building the runtime", () => {
  const scratch = mkdtempSync(join(tmpdir(), "toolcat-build-package-"));
  const runtime = join(scratch, "packages/runtime");
  const dist = join(runtime, "dist");
  const load = (entry: string) => import(pathToFileURL(join(dist, entry)).href) as Promise<Record<string, unknown>>;

  beforeAll(async () => {
    cpSync(join(workspaceRoot, "tsconfig.base.json"), join(scratch, "tsconfig.base.json"));
    for (const part of ["src", "package.json", "tsconfig.json"])
      cpSync(join(workspaceRoot, "packages/runtime", part), join(runtime, part), { recursive: true });
    symlinkSync(join(workspaceRoot, "node_modules"), join(scratch, "node_modules"), "dir");
    expect(await buildPackage(runtime)).toBe(true);
  }, 60_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("writes each entry with its declarations, and maps into src/", () => {
    for (const entry of ["index", "internal/index", "formats"]) {
      for (const suffix of [".js", ".js.map", ".d.ts"])
        expect(existsSync(join(dist, entry + suffix)), entry + suffix).toBe(true);
    }
    // An entry whose code all sits in the shared chunk maps nothing itself: look at every map.
    const maps = readdirSync(dist).filter((file) => file.endsWith(".js.map"));
    const sources = maps.flatMap(
      (file) => (JSON.parse(readFileSync(join(dist, file), "utf8")) as { sources: string[] }).sources,
    );
    expect(sources).toContain("../src/errors.ts");
    for (const source of sources) expect(source).toMatch(/^\.\.\/src\/.+\.ts$/);
  });

  // Three cold imports of the built modules: seconds on a loaded host, past the 5 s default.
  it("shares one module state between the entries", { timeout: 30_000 }, async () => {
    const [index, internal, formats] = await Promise.all([
      load("index.js"),
      load("internal/index.js"),
      load("formats.js"),
    ]);
    expect(index["formats"]).toBeTypeOf("object");
    expect(internal["formats"]).toBe(index["formats"]);
    expect(formats["formats"]).toBe(index["formats"]);
  });

  // Search runs in browsers, Deno, Bun and edge workers, where nothing can be required on first use:
  // the search library is an ordinary import (left external), and no built module reaches for it
  // through Node's require.
  it("imports the search library as a module, never through require", () => {
    const modules = readdirSync(dist)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(join(dist, file), "utf8"));
    expect(modules.length).toBeGreaterThan(3);
    expect(modules.some((text) => /from\s*["']minisearch["']/.test(text))).toBe(true);
    for (const text of modules) expect(text).not.toMatch(/require\(\s*["'](minisearch|wink-porter2-stemmer)["']/);
  });
});
