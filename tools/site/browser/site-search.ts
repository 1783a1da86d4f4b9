// The site's search: the runtime's createToolSearch over the packages' own search data, so the
// browser ranks exactly as `searchTools` (one package) and `createToolSearch` (the whole catalog) do.
import { createToolSearch, type ToolSearch, type ToolSearchHit } from "@toolcat/runtime";
import type { ToolSearchData } from "../../../packages/runtime/src/search/data.ts";

/** What the build writes to search-data.json: each package's search data under its page's slug. */
export interface SiteSearchData {
  readonly servers: readonly { readonly slug: string; readonly data: ToolSearchData }[];
}

export interface SiteHit extends ToolSearchHit {
  /** The server page's folder, for the link. */
  readonly slug: string;
}

export interface SiteSearch {
  /** Hits over every package, or over one package (by slug) as its `searchTools` ranks them. */
  search(query: string, slug?: string): SiteHit[];
  readonly slugs: readonly string[];
}

const asPackage = (data: ToolSearchData) => ({ toolSearchIndex: { server: data.server, load: () => data } });

export function createSiteSearch(site: SiteSearchData): SiteSearch {
  const slugOf = new Map(site.servers.map(({ slug, data }) => [data.server, slug]));
  const searches = new Map<string | undefined, ToolSearch>([
    [undefined, createToolSearch(site.servers.map(({ data }) => asPackage(data)))],
  ]);
  for (const { slug, data } of site.servers) searches.set(slug, createToolSearch([asPackage(data)]));
  return {
    slugs: site.servers.map(({ slug }) => slug),
    search(query, slug) {
      const search = searches.get(slug) ?? searches.get(undefined)!;
      return search
        .search(query)
        .map((hit) => ({ ...hit, slug: slugOf.get(hit.name.slice(0, hit.name.indexOf("."))) ?? "" }));
    },
  };
}
