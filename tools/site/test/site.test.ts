// The site built from the real packages: every tool of every package on its server's page, in the
// Markdown twin and in the llms.txt files, and every page with its twin.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readCatalog, type SiteServer } from "../catalog.ts";
import { siteFiles } from "../site.ts";

// Building reads every package and bundles the search script: seconds on a loaded machine, past the 10 s hook default.
const buildTimeout = 60_000;

const root = join(import.meta.dirname, "..", "..", "..");

let servers: SiteServer[];
let files: Map<string, string>;

beforeAll(async () => {
  servers = await readCatalog(join(root, "packages"));
  files = await siteFiles(servers);
}, buildTimeout);

const file = (path: string): string => {
  const content = files.get(path);
  if (content === undefined) throw new Error(`the site has no ${path}`);
  return content;
};

describe("catalog site", () => {
  it("lists all 7 servers and 260 tools, each tool on its server's page, its twin and its llms.txt", () => {
    const tools = servers.flatMap((server) => server.manifest.tools.map((tool) => ({ server, tool })));
    expect([servers.length, tools.length]).toEqual([7, 260]);
    const covered = tools.filter(({ server, tool }) => {
      const dir = `servers/${server.slug}`;
      return (
        file(`${dir}/index.html`).includes(`<section class="tool" id="${tool.name}"`) &&
        file(`${dir}/index.html`).includes(`<code>${tool.fullName}</code>`) &&
        file(`${dir}/index.html.md`).includes(`\`${tool.fullName}\``) &&
        file(`${dir}/llms.txt`).includes(`\`${tool.fullName}\``) &&
        file("llms-full.txt").includes(`\`${tool.fullName}\``)
      );
    });
    expect(covered.length).toBe(260);
  });

  it("links every server from the index, its twin and llms.txt", () => {
    for (const { slug } of servers) {
      expect(file("index.html")).toContain(`href="servers/${slug}/index.html"`);
      expect(file("index.html.md")).toContain(`(servers/${slug}/index.html.md)`);
      expect(file("llms.txt")).toContain(`(servers/${slug}/index.html.md)`);
    }
  });

  it("gives every HTML page a Markdown twin at its address plus .md", () => {
    const pages = [...files.keys()].filter((path) => path.endsWith(".html"));
    expect(pages.length).toBe(2 + servers.length);
    for (const page of pages) expect(files.has(`${page}.md`), page).toBe(true);
  });

  it("follows the llms.txt convention: a title, a summary quote, then sections of link lists", () => {
    for (const path of ["llms.txt", ...servers.map(({ slug }) => `servers/${slug}/llms.txt`)]) {
      const blocks = file(path).trimEnd().split("\n\n");
      expect(blocks[0], path).toMatch(/^# \S/);
      expect(blocks[1], path).toMatch(/^> \S/);
      const sections = blocks.slice(2).filter((block) => block.startsWith("## "));
      expect(sections.length, path).toBeGreaterThanOrEqual(1);
      const lists = blocks
        .slice(blocks.findIndex((block) => block.startsWith("## ")))
        .filter((block) => !block.startsWith("## "));
      for (const list of lists)
        for (const line of list.split("\n")) expect(line, path).toMatch(/^- \[[^\]]+\]\([^)\s]+\)(: .+)?$/);
    }
  });

  it("marks toolcat's readings apart from the catalog's words", () => {
    const sheets = file("servers/cloud-sheets/index.html");
    const reading = servers
      .find(({ slug }) => slug === "cloud-sheets")!
      .manifest.tools.find((tool) => tool.name === "GetSpreadsheet")!.judgments[0]!;
    const section = sheets.slice(
      sheets.indexOf('id="GetSpreadsheet"'),
      sheets.indexOf("</section>", sheets.indexOf('id="GetSpreadsheet"')),
    );
    expect(section).toContain(`<aside class="judgment" aria-label="toolcat's readings">`);
    expect(section.slice(section.indexOf('<aside class="judgment"'))).toContain(reading.slice(0, 40));
  });

  it("names what each provider's form leaves to the validator", () => {
    const sheets = file("servers/cloud-sheets/index.html");
    const section = sheets.slice(sheets.indexOf('id="GetSpreadsheet"'));
    expect(section).toMatch(/<th scope="row">Gemini<\/th>.*start_col: a text pattern \(pattern\)/);
  });
});
