// The precompiled template renders what Handlebars' own compile renders, is written once per
// template text, and a cache that cannot be written falls back to compiling in memory.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Handlebars from "handlebars";
import { afterEach, describe, expect, it } from "vitest";
import { loadTemplate } from "../../src/pipeline/template.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function templateFile(text: string): { url: URL; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-template-"));
  dirs.push(dir);
  writeFileSync(join(dir, "page.md.hbs"), text);
  return { url: pathToFileURL(join(dir, "page.md.hbs")), dir };
}

const text = "# {{title}}\n{{#each items}}- {{this}} <b>\n{{/each}}{{#if note}}{{note}}{{/if}}\n";
const context = { title: "A & <b>", items: ["x", "y"], note: "" };

describe("loadTemplate", () => {
  it("renders as Handlebars.compile with the same options, and writes the precompiled module once", () => {
    const { url, dir } = templateFile(text);
    const cache = join(dir, "cache");
    const expected = Handlebars.compile(text, { noEscape: true, strict: true })(context);
    expect(loadTemplate(url, cache)(context)).toBe(expected);
    expect(loadTemplate(url, cache)(context)).toBe(expected);
    expect(readdirSync(cache)).toHaveLength(1);
  });

  it("gives an edited template a new entry and removes its old one, not other templates' or other files", () => {
    const { url, dir } = templateFile(text);
    const cache = join(dir, "cache");
    loadTemplate(url, cache);
    const [first] = readdirSync(cache);
    const kept = ["other.md.hbs.abcdefghijklmnop.cjs", "page.md.hbs.notes.txt", "page.md.hbs.short.cjs"];
    for (const entry of kept) writeFileSync(join(cache, entry), "");
    writeFileSync(url, "{{title}}!");
    expect(loadTemplate(url, cache)(context)).toBe("A & <b>!");
    const entries = readdirSync(cache);
    expect(entries).not.toContain(first);
    expect(entries.filter((entry) => !kept.includes(entry))).toEqual([
      expect.stringMatching(/^page\.md\.hbs\.[\w-]{16}\.cjs$/),
    ]);
    expect(entries).toEqual(expect.arrayContaining(kept));
  });

  it("compiles in memory when the cache cannot be written", () => {
    const { url, dir } = templateFile(text);
    // A file where the cache directory should be: nothing can be written under it.
    const cache = join(dir, "cache");
    writeFileSync(cache, "");
    expect(loadTemplate(url, cache)(context)).toBe(Handlebars.compile(text, { noEscape: true, strict: true })(context));
  });
});
