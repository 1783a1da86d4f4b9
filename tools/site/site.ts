// Every file of the site, by path: the pages, their Markdown twins, the llms.txt files, the search
// script and its data, the stylesheet. Built in memory from the packages, so it can be written whole.
import { readFileSync } from "node:fs";
import { searchScript } from "./bundle.ts";
import type { SiteServer } from "./catalog.ts";
import { htmlPages } from "./html.ts";
import { catalogLlms, indexMarkdown, searchMarkdown, serverLlms, serverMarkdown } from "./markdown.ts";
import type { SiteSearchData } from "./browser/site-search.ts";
import { catalogView } from "./views.ts";

export async function siteFiles(servers: readonly SiteServer[]): Promise<Map<string, string>> {
  const catalog = catalogView(servers);
  const html = htmlPages();
  const files = new Map<string, string>([
    ["index.html", html.index(catalog)],
    ["index.html.md", indexMarkdown(catalog)],
    ["search.html", html.search(catalog)],
    ["search.html.md", searchMarkdown(catalog)],
    ["search.js", await searchScript()],
    [
      "search-data.json",
      JSON.stringify({ servers: servers.map(({ slug, search }) => ({ slug, data: search })) } satisfies SiteSearchData),
    ],
    ["site.css", readFileSync(new URL("./static/site.css", import.meta.url), "utf8")],
    ["llms.txt", catalogLlms(catalog)],
  ]);
  const full: string[] = [indexMarkdown(catalog)];
  for (const server of catalog.servers) {
    const dir = `servers/${server.slug}`;
    const markdown = serverMarkdown(server);
    files.set(`${dir}/index.html`, html.server(catalog, server));
    files.set(`${dir}/index.html.md`, markdown);
    files.set(`${dir}/llms.txt`, serverLlms(server));
    files.set(`${dir}/llms-full.txt`, markdown);
    full.push(markdown);
  }
  files.set("llms-full.txt", full.join("\n"));
  return files;
}
