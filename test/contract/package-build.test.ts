// What the shared package build makes of a generated package: its entry is one ES module whose only
// imports are the runtime's entries, Node built-ins and the package's own manifest.json, kept a JSON
// module (parsed with JSON.parse at import, not compiled as an object literal inside the bundle).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { selectedSlugs, workspaceRoot } from "../support/packages.ts";

/** Every module specifier of a static import or re-export in `text`. */
function importedSpecifiers(text: string): string[] {
  return [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gms)].map((match) => match[1]!);
}

describe.each(selectedSlugs)("the built @toolcat/%s", (slug) => {
  const text = readFileSync(join(workspaceRoot, "packages", slug, "dist/index.js"), "utf8");

  it("is one module importing only the runtime, Node built-ins and its manifest.json", () => {
    const specifiers = importedSpecifiers(text);
    expect(specifiers).toContain("../manifest.json");
    for (const specifier of specifiers)
      expect(specifier).toMatch(/^(@toolcat\/runtime(\/internal)?|node:[a-z/]+|\.\.\/manifest\.json)$/);
  });

  it("does not inline the manifest's data", () => {
    const manifest = JSON.parse(readFileSync(join(workspaceRoot, "packages", slug, "manifest.json"), "utf8")) as {
      tools: { description: string }[];
    };
    expect(text).toMatch(/^import \w+ from "\.\.\/manifest\.json" with \{ type: "json" \};$/m);
    // The longest description is in the manifest only; the code has no reason to carry it.
    const longest = manifest.tools.map((tool) => tool.description).sort((a, b) => b.length - a.length)[0]!;
    expect(text).not.toContain(JSON.stringify(longest).slice(1, 60));
  });
});
