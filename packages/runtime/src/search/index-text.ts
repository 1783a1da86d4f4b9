// A generated package's search data, kept as JSON text inside a function of the package's own
// module: importing the package compiles and parses none of it, the first search parses it once.
// No file is read and nothing Node-only is used, so the package searches in any JavaScript runtime
// and any bundler keeps the data.
import type { ToolSearchData, ToolSearchIndex } from "./data.js";

/** The search data of `server`, parsed from `json()` on first use. */
export function searchIndexText(server: string, json: () => string): ToolSearchIndex {
  let data: ToolSearchData | undefined;
  return {
    server,
    load: () => (data ??= JSON.parse(json()) as ToolSearchData),
  };
}
