// Each package's searchTools, run: every tool is found by its own title within the first five
// hits, answers are the same on every call, hits name tools of this package only, and filters
// keep what they say.
import { readFileSync } from "node:fs";
import type { ToolSearchHit, ToolSearchOptions } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { loadSelectedPackages, workspaceRoot } from "../support/packages.ts";

const packages = await loadSelectedPackages();

interface SearchEntry {
  readonly searchTools: (query: string, options?: ToolSearchOptions) => ToolSearchHit[];
}

interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly annotations?: { readonly readOnlyHint?: boolean };
}

describe.each(packages.map((p) => [p.slug, p, p as unknown as SearchEntry] as const))(
  "%s searchTools",
  (slug, pkg, entry) => {
    const mcp = JSON.parse(readFileSync(`${workspaceRoot}packages/${slug}/tools/mcp.json`, "utf8")) as McpTool[];

    it("finds every tool by its own title within the first five hits", () => {
      const missed = mcp.filter(
        (tool) => !entry.searchTools(tool.title, { limit: 5 }).some((hit) => hit.modelName === tool.name),
      );
      expect(missed.map((tool) => tool.title)).toEqual([]);
    });

    it("answers the same on every call, best first, with this package's tools", () => {
      for (const tool of mcp) {
        const first = entry.searchTools(tool.title, { limit: 10 });
        expect(entry.searchTools(tool.title, { limit: 10 })).toEqual(first);
        const scores = first.map((hit) => hit.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
        for (const hit of first) expect(hit.name.startsWith(`${pkg.manifest.server.name}.`), hit.name).toBe(true);
      }
    });

    it("keeps only read-only tools with readOnly: true", () => {
      const readOnly = new Set(mcp.filter((tool) => tool.annotations?.readOnlyHint === true).map((tool) => tool.name));
      for (const hit of entry.searchTools("get list search", { readOnly: true, limit: 50 }))
        expect(readOnly.has(hit.modelName), hit.name).toBe(true);
    });
  },
);
