// The site's search ranks as the packages do: over one package it returns the same top 5 as that
// package's searchTools, and over all of them the same as createToolSearch over every package, on
// every query of the bench's query set.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { createToolSearch, type ToolSearchHit, type ToolSearchIndex } from "@toolcat/runtime";
import { readCatalog, type SiteServer } from "../catalog.ts";
import { createSiteSearch, type SiteSearch } from "../browser/site-search.ts";

// Reading every package's search data, and 362 queries over it twice: seconds on a loaded machine, past Vitest's 10 s
// defaults.
const buildTimeout = 60_000;

const root = join(import.meta.dirname, "..", "..", "..");
const queries = Object.entries(
  JSON.parse(readFileSync(join(root, "tools", "bench", "search-queries.json"), "utf8")) as Record<string, string>,
);

interface PackageSearch {
  readonly toolSearchIndex: ToolSearchIndex;
  searchTools(query: string): ToolSearchHit[];
}

const top5 = (hits: readonly ToolSearchHit[]) => hits.slice(0, 5).map((hit) => [hit.name, hit.score]);

let servers: SiteServer[];
let site: SiteSearch;
const packages = new Map<string, PackageSearch>();

beforeAll(async () => {
  servers = await readCatalog(join(root, "packages"));
  site = createSiteSearch({ servers: servers.map(({ slug, search }) => ({ slug, data: search })) });
  for (const { slug, manifest } of servers) {
    packages.set(
      manifest.server.name,
      (await import(pathToFileURL(join(root, "packages", slug, "src", "search.ts")).href)) as PackageSearch,
    );
  }
}, buildTimeout);

describe("site search", () => {
  it("covers the whole query set", () => {
    expect(queries.length).toBeGreaterThan(300);
  });

  it(
    "ranks each query over one package as that package's searchTools does",
    () => {
      for (const [query, expected] of queries) {
        const server = expected.slice(0, expected.indexOf("."));
        const { slug } = servers.find((s) => s.manifest.server.name === server)!;
        expect(top5(site.search(query, slug)), query).toEqual(top5(packages.get(server)!.searchTools(query)));
      }
    },
    buildTimeout,
  );

  it(
    "ranks each query over the catalog as createToolSearch over every package does",
    () => {
      const catalog = createToolSearch([...packages.values()]);
      for (const [query] of queries) expect(top5(site.search(query)), query).toEqual(top5(catalog.search(query)));
    },
    buildTimeout,
  );

  it("links each hit to its server's page", () => {
    const hit = site.search("add a note to a cell")[0]!;
    expect([hit.name, hit.slug]).toEqual(["CloudSheets.AddNoteToCell", "cloud-sheets"]);
  });
});
