// A generated package's search data file, read synchronously on first use: searchTools stays
// synchronous, and importing the package reads nothing.
import type { ToolSearchData, ToolSearchIndex } from "./data.js";
import { nodeRequire } from "./node-require.js";

/** The search data in `path`, relative to the module at `moduleUrl` (the package's `import.meta.url`). */
export function searchIndexFile(server: string, moduleUrl: string, path: string): ToolSearchIndex {
  let data: ToolSearchData | undefined;
  return {
    server,
    load: () => (data ??= nodeRequire(moduleUrl)(path) as ToolSearchData),
  };
}
