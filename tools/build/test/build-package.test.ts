// The shared package build: every package's exported dist entries come from a source file, and a
// build of the runtime (in a scratch copy, so the workspace's dist/ is left alone) gives one module
// holding the whole runtime, entries that re-export its bindings, the search libraries inlined into the
// search engine's chunk with their licences, and maps back to src/.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceRoot } from "../../../test/support/packages.ts";
import { bundleOptions, buildPackage, entryPoints, homeEntry } from "../build-package.js";

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

describe("bundleOptions", () => {
  // The runtime's internal entry holds its public API too, so a package's module imports the runtime once.
  it("sends a package's imports of @toolcat/runtime through @toolcat/runtime/internal", async () => {
    const dir = join(workspaceRoot, "packages/cloud-contacts");
    const result = await build({ ...bundleOptions(dir, ["src/index.ts"], "dist"), write: false, logLevel: "silent" });
    const text = result.outputFiles.find((file) => file.path.endsWith(".js"))!.text;
    expect(text).toMatch(/from "@toolcat\/runtime\/internal";/);
    expect(text).not.toMatch(/from "@toolcat\/runtime";/);
  });
});

describe("building the runtime", () => {
  const scratch = mkdtempSync(join(tmpdir(), "toolcat-build-package-"));
  const runtime = join(scratch, "packages/runtime");
  const dist = join(runtime, "dist");

  beforeAll(async () => {
    cpSync(join(workspaceRoot, "tsconfig.base.json"), join(scratch, "tsconfig.base.json"));
    for (const part of ["src", "package.json", "tsconfig.json"])
      cpSync(join(workspaceRoot, "packages/runtime", part), join(runtime, part), { recursive: true });
    symlinkSync(join(workspaceRoot, "node_modules"), join(scratch, "node_modules"), "dir");
    expect(await buildPackage(runtime)).toBe(true);
  }, 60_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("writes each entry with its declarations; the modules holding the code map into src/", () => {
    for (const entry of ["index", "internal/index", "formats"]) {
      for (const suffix of [".js", ".d.ts"]) expect(existsSync(join(dist, entry + suffix)), entry + suffix).toBe(true);
    }
    const { sources } = JSON.parse(readFileSync(join(dist, "internal/index.js.map"), "utf8")) as { sources: string[] };
    expect(sources).toContain("../../src/errors.ts");
    for (const source of sources) expect(source).toMatch(/^\.\.\/\.\.\/src\/.+\.ts$/);
  });

  // toolcatApart: the search engine and its libraries sit in a chunk the one module imports, so a
  // bundle that uses none of the search drops them with the chunk.
  it("keeps the search engine apart, in the one chunk, and writes no module for it", () => {
    const chunks = readdirSync(dist).filter((file) => /^chunk-\w+\.js$/.test(file));
    expect(chunks).toHaveLength(1);
    const chunk = readFileSync(join(dist, chunks[0]!), "utf8");
    const home = readFileSync(join(dist, "internal/index.js"), "utf8");
    expect(chunk).toMatch(/\bMiniSearch = class\b/);
    expect(chunk).toContain("node_modules/wink-porter2-stemmer/");
    expect(home).not.toMatch(/MiniSearch|wink-porter2-stemmer/);
    expect(home).toContain(`from "../${chunks[0]}"`);
    expect(existsSync(join(dist, "search/engine.js"))).toBe(false);
  });

  it("leaves the search libraries out of a bundle using no search, and keeps them in one that searches", async () => {
    const consumer = async (names: string) => {
      const result = await build({
        stdin: { contents: `export { ${names} } from "./internal/index.js";\n`, resolveDir: dist, loader: "js" },
        bundle: true,
        write: false,
        format: "esm",
        platform: "neutral",
        mainFields: ["module", "main"],
        external: ["node:*"],
        logLevel: "silent",
      });
      return result.outputFiles[0]!.text;
    };
    const validating = await consumer("issueRequired, isDateTime");
    expect(validating).toContain("function isDateTime");
    expect(validating).not.toMatch(/MiniSearch|porter/i);
    expect(await consumer("createToolSearch")).toMatch(/MiniSearch/);
  });

  it("writes the other entries as re-exports of the internal entry, which holds every name", async () => {
    expect(await homeEntry(runtime, ["src/index.ts", "src/internal/index.ts", "src/formats.ts"])).toMatchObject({
      home: "src/internal/index.ts",
      others: [{ entry: "src/index.ts" }, { entry: "src/formats.ts" }],
    });
    for (const entry of ["index.js", "formats.js"])
      expect(readFileSync(join(dist, entry), "utf8")).toMatch(
        /^export \{ [\w$, ]+ \} from "\.\/internal\/index\.js";$/m,
      );
  });

  // In a plain Node process, as a consumer imports them (Vitest's module runner would load a module
  // imported by two specifiers twice). Seconds on a loaded host, past the 5 s default.
  it("shares one module state between the entries", { timeout: 30_000 }, () => {
    const program = `
      const [index, internal, formats] = await Promise.all(
        ["index.js", "internal/index.js", "formats.js"].map((entry) => import(new URL(entry, process.argv[1]).href)),
      );
      const differing = [index, formats].flatMap((entry) =>
        Object.keys(entry).filter((name) => entry[name] !== internal[name]),
      );
      const counts = { index: Object.keys(index).length, formats: Object.keys(formats).length };
      process.stdout.write(JSON.stringify({ ...counts, differing }));
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", program, pathToFileURL(dist).href + "/"], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    const result = JSON.parse(run.stdout) as { index: number; formats: number; differing: string[] };
    expect(result.index).toBeGreaterThan(20);
    expect(result.formats).toBeGreaterThan(5);
    expect(result.differing).toEqual([]);
  });

  // toolcatInline: no bare specifier to resolve and no CommonJS loader on the import path. Search runs
  // in browsers, Deno, Bun and edge workers too, where nothing can be required on first use: the
  // CommonJS stemmer is inlined as plain code, never reached through require.
  it("inlines the search libraries, imported and required by no module, with their licences", () => {
    const modules = readdirSync(dist)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(join(dist, file), "utf8"));
    modules.push(readFileSync(join(dist, "internal/index.js"), "utf8"));
    for (const text of modules) {
      expect(text).not.toMatch(/from\s*["'](minisearch|wink-porter2-stemmer)["']/);
      expect(text).not.toMatch(/require\(\s*["'](minisearch|wink-porter2-stemmer)["']/);
    }
    const notices = readFileSync(join(dist, "THIRD_PARTY_NOTICES.md"), "utf8");
    for (const library of ["minisearch", "wink-porter2-stemmer"]) {
      expect(notices).toMatch(new RegExp(`^## ${library} \\d+\\.\\d+\\.\\d+$`, "m"));
    }
    expect(notices).toMatch(/Permission is hereby granted/);
    const chunk = readdirSync(dist).find((file) => /^chunk-\w+\.js$/.test(file))!;
    const map = JSON.parse(readFileSync(join(dist, `${chunk}.map`), "utf8")) as {
      sources: string[];
      sourcesContent: (string | null)[];
    };
    const library = map.sources.findIndex((source) => source.includes("node_modules/minisearch/"));
    expect(library).toBeGreaterThanOrEqual(0);
    expect(map.sourcesContent[library]).toBeNull();
  });
});
