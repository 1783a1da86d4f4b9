// The search page's script: loads the packages' search data, searches as the visitor types, and
// lists the hits. Hits become DOM nodes through textContent and attribute setters only, so no tool
// text is ever parsed as HTML.
import { ToolSearchError } from "@toolcat/runtime";
import { createSiteSearch, type SiteHit, type SiteSearch } from "./site-search.ts";

const query = document.querySelector<HTMLInputElement>("#query")!;
const scope = document.querySelector<HTMLSelectElement>("#scope")!;
const status = document.querySelector<HTMLElement>("#search-status")!;
const results = document.querySelector<HTMLOListElement>("#results")!;

function hitItem(hit: SiteHit): HTMLLIElement {
  const item = document.createElement("li");
  const link = document.createElement("a");
  const anchor = encodeURIComponent(hit.name.slice(hit.name.indexOf(".") + 1));
  link.href = `servers/${encodeURIComponent(hit.slug)}/index.html#${anchor}`;
  link.textContent = hit.title;
  const name = document.createElement("code");
  name.textContent = hit.name;
  const description = document.createElement("p");
  description.textContent = hit.description;
  item.append(link, " ", name, description);
  return item;
}

function show(search: SiteSearch): void {
  const q = query.value;
  const server = scope.value === "" ? undefined : scope.value;
  const url = new URL(location.href);
  url.searchParams.set("q", q);
  if (server === undefined) url.searchParams.delete("server");
  else url.searchParams.set("server", server);
  history.replaceState(null, "", url);
  if (q.trim() === "") {
    results.replaceChildren();
    status.textContent = "Type what a tool should do.";
    return;
  }
  try {
    const hits = search.search(q, server);
    results.replaceChildren(...hits.map(hitItem));
    status.textContent = hits.length === 0 ? "No tool matches; try other words." : `${hits.length} best matches.`;
  } catch (error) {
    if (!(error instanceof ToolSearchError)) throw error;
    results.replaceChildren();
    status.textContent = error.message;
  }
}

async function start(): Promise<void> {
  const params = new URLSearchParams(location.search);
  query.value = params.get("q") ?? "";
  const server = params.get("server") ?? "";
  if (Array.from(scope.options).some((option) => option.value === server)) scope.value = server;
  const response = await fetch("search-data.json");
  if (!response.ok) throw new Error(`search-data.json: HTTP ${response.status}`);
  const search = createSiteSearch(await response.json());
  query.form!.addEventListener("submit", (event) => {
    event.preventDefault();
    show(search);
  });
  query.addEventListener("input", () => show(search));
  scope.addEventListener("change", () => show(search));
  show(search);
}

start().catch((error: unknown) => {
  status.textContent = `Search could not start: ${error instanceof Error ? error.message : String(error)}`;
});
