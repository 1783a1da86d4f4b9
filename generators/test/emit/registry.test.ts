// The registry is the one list of outputs: every file generated comes from a registered emitter
// that declares its path, and the package index re-exports what the emitters declare.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emitters, packageOutputs } from "../../src/emit/registry.ts";
import { runPipeline } from "../../src/pipeline/run.ts";
import { workspaceRoot } from "../support.ts";

const fixtureRoot = join(workspaceRoot, "generators/test/fixtures");
const overrides = new Map([["specs/catalog.yaml", readFileSync(join(workspaceRoot, "specs/catalog.yaml"), "utf8")]]);
const { files } = runPipeline({ root: fixtureRoot, overrides });

describe("emitter registry", () => {
  it("has unique ids", () => {
    const ids = emitters.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares every path it writes, and writes every path it always declares", () => {
    const declared = emitters.flatMap((e) => e.outputs).sort();
    const conditional = emitters.flatMap((e) => e.conditionalOutputs ?? []);
    const packages = new Set(files.map((f) => f.path.split("/")[1]));
    expect(packages.size).toBeGreaterThan(0);
    for (const slug of packages) {
      const written = files
        .filter((f) => f.path.startsWith(`packages/${slug}/`))
        .map((f) => f.path.slice(`packages/${slug}/`.length));
      const optional = (path: string): boolean =>
        conditional.some((c) => (c.endsWith("/") ? path.startsWith(c) : path === c));
      expect(written.filter((path) => !optional(path)).sort(), slug).toEqual(declared);
    }
  });

  it("gives Nx the outputs as package-relative paths, generated sources folded into src", () => {
    expect(packageOutputs().sort()).toEqual([
      "LICENSE",
      "README.md",
      "code",
      "manifest.json",
      "package.json",
      "search-index.json",
      "src",
      "tools",
      "tsconfig.json",
    ]);
  });

  it("re-exports each emitter's index entry from src/index.ts", () => {
    const index = files.find((f) => f.path.endsWith("/src/index.ts"))?.text ?? "";
    for (const emitter of emitters) {
      if (emitter.index !== undefined)
        expect(index, emitter.id).toContain(`from ${JSON.stringify(emitter.index.module)};`);
    }
  });
});
