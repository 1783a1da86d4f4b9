// Spec text is hostile: the site built from the generators' hostile fixture package (markup, quotes,
// template syntax, Markdown structure in every text field), with every hostile fragment also put
// into the fields the fixture leaves empty (group, readings, notes, limits), must stay inert: no
// markup of its own in the HTML, no structure of its own in the Markdown and llms.txt files.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../../packages/runtime/src/manifest.ts";
import { hostileFragments } from "../../../generators/test/emit/hostile-text.ts";
import { readCatalog, type SiteServer } from "../catalog.ts";
import { siteFiles } from "../site.ts";

// Building reads every package and bundles the search script: seconds on a loaded machine, past the 10 s hook default.
const buildTimeout = 60_000;

const fixture = join(
  import.meta.dirname,
  "..",
  "..",
  "..",
  "generators",
  "test",
  "fixtures",
  "expected",
  "packages",
  "hostile-api",
);
const everything = hostileFragments.join(" ");

/** The fixture with hostile text in the fields it leaves empty too. */
function harden(server: SiteServer): SiteServer {
  const { manifest } = server;
  const hostile: Manifest = {
    ...manifest,
    catalog: `${manifest.catalog} ${everything}`,
    documentation: { ...manifest.documentation, notes: hostileFragments, limits: [everything] },
    tools: manifest.tools.map((tool, i) => ({
      ...tool,
      group: hostileFragments[i % hostileFragments.length]!,
      judgments: hostileFragments,
      notes: [everything],
    })),
  };
  return { ...server, manifest: hostile };
}

let files: Map<string, string>;
const pages = (suffix: string): [string, string][] => [...files].filter(([path]) => path.endsWith(suffix));

// A copy outside the fixture tree, whose tsconfig.json extends a base that exists only in a generated workspace.
const packagesDir = mkdtempSync(join(tmpdir(), "toolcat-site-hostile-"));
afterAll(() => rmSync(packagesDir, { recursive: true, force: true }));

beforeAll(async () => {
  cpSync(fixture, join(packagesDir, "hostile-api"), {
    recursive: true,
    filter: (path) => !path.endsWith("tsconfig.json"),
  });
  const servers = (await readCatalog(packagesDir)).map(harden);
  expect(servers.map((s) => s.slug)).toEqual(["hostile-api"]);
  files = await siteFiles(servers);
}, buildTimeout);

describe("hostile spec text on the site", () => {
  it("reaches HTML only as escaped text", () => {
    const html = pages(".html");
    expect(html.length).toBeGreaterThan(2);
    for (const [path, page] of html) {
      expect(page.match(/<script\b/g)?.length ?? 0, path).toBe(path === "search.html" ? 1 : 0);
      for (const raw of ["<img", "<b>", "<!-- x", "</script><script>", "onerror=alert"])
        expect(page, path).not.toContain(raw);
      // Every tag's attributes are the templates' own: no event handler, no unquoted value.
      for (const tag of page.match(/<[a-z][^>]*>/g) ?? [])
        expect(tag, path).toMatch(/^<[a-z0-9]+(?: [a-z-]+(?:="[^"<>`]*")?)*>$/);
    }
    const server = files.get("servers/hostile-api/index.html")!;
    expect(server).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(server).toContain("{{handlebars}}");
  });

  it("keeps Markdown and llms.txt structure the site's own", () => {
    const markdown = [...pages(".md"), ...pages(".txt")];
    for (const [path, page] of markdown) {
      expect(page, path).not.toMatch(/<(script|img|b)\b/);
      expect(page, path).not.toMatch(/(?<!\\)\]\(javascript:/);
      for (const line of page.split("\n"))
        expect(line, path).not.toMatch(/^(# heading|> quote|\+ item|1\. item|===|\|---\|)/);
    }
    const twin = files.get("servers/hostile-api/index.html.md")!;
    // Each fence closes only where the site closes it: as many closing fences as opening ones.
    const fences = twin.split("\n").filter((line) => /^`{3,}/.test(line));
    expect(fences.length % 2).toBe(0);
    for (let i = 0; i < fences.length; i += 2) expect(fences[i + 1]).toBe(fences[i]!.replace(/[^`]/g, ""));
  });
});
