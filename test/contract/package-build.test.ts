// What the shared package build makes of a generated package: its entry is one ES module whose only
// imports are the runtime's entries and Node built-ins. The manifest's tools sit in it as JSON text,
// parsed on their first read: importing the package parses none of them (most of a large package's
// import time otherwise), and once read the manifest is manifest.json's data.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { selectedSlugs, workspaceRoot } from "../support/packages.ts";

/** Every module specifier of a static import or re-export in `text`. */
function importedSpecifiers(text: string): string[] {
  return [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gms)].map((match) => match[1]!);
}

describe.each(selectedSlugs)("the built @toolcat/%s", (slug) => {
  const entry = join(workspaceRoot, "packages", slug, "dist/index.js");
  const text = readFileSync(entry, "utf8");

  it("is one module importing only the runtime and Node built-ins", () => {
    const specifiers = importedSpecifiers(text);
    expect(specifiers).toContain("@toolcat/runtime/internal");
    for (const specifier of specifiers) expect(specifier).toMatch(/^(@toolcat\/runtime(\/internal)?|node:[a-z/]+)$/);
  });

  // In a plain Node process, as a consumer imports it. Seconds on a loaded host, past the 5 s default.
  it("parses no tool of its manifest on import, and gives manifest.json's data once read", { timeout: 30_000 }, () => {
    const program = `
      const { manifest } = await import(process.argv[1]);
      const unread = typeof Object.getOwnPropertyDescriptor(manifest, "tools").get === "function";
      const head = manifest.server.name;
      process.stdout.write(JSON.stringify({ unread, head, manifest }));
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", program, pathToFileURL(entry).href], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.stderr).toBe("");
    const file = JSON.parse(readFileSync(join(workspaceRoot, "packages", slug, "manifest.json"), "utf8")) as {
      server: { name: string };
    };
    const result = JSON.parse(run.stdout) as { unread: boolean; head: string; manifest: unknown };
    expect(result.unread).toBe(true);
    expect(result.head).toBe(file.server.name);
    expect(JSON.stringify(result.manifest)).toBe(JSON.stringify(file));
  });
});
