// The deferred tool files: Anthropic's BM25 search tool by its documented type and name, then
// every tool with defer_loading; OpenAI's tool_search, then namespaces (one per toolset) whose
// functions are all deferred; together, every tool exactly once, as in the whole-package files.
import { describe, expect, it } from "vitest";
import { workspacePipeline } from "../../support.ts";

const { files, runs } = workspacePipeline();
const json = (path: string): Record<string, unknown>[] =>
  JSON.parse(files.find((f) => f.path === path)?.text ?? "null") as never;

describe.each(runs.map((run) => [run.slug, run] as const))("packages/%s deferred tool files", (slug, run) => {
  const anthropic = json(`packages/${slug}/tools/anthropic-deferred.json`);
  const openAi = json(`packages/${slug}/tools/openai-responses-deferred.json`);
  const names = json(`packages/${slug}/tools/anthropic.json`).map((tool) => tool["name"]);

  it("Anthropic: the BM25 tool search tool first, then every tool deferred as in anthropic.json", () => {
    expect(anthropic[0]).toEqual({ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" });
    const tools = anthropic.slice(1);
    expect(tools).toEqual(
      json(`packages/${slug}/tools/anthropic.json`).map((tool) => ({ ...tool, defer_loading: true })),
    );
  });

  it("OpenAI Responses: tool_search, then namespaces of deferred functions covering every tool once", () => {
    expect(openAi[0]).toEqual({ type: "tool_search" });
    const namespaces = openAi.slice(1) as {
      type: string;
      name: string;
      description: string;
      tools: Record<string, unknown>[];
    }[];
    for (const namespace of namespaces) {
      expect(namespace.type).toBe("namespace");
      expect(namespace.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(namespace.description).toMatch(/tools \(.+\).*: \d+ tools\. Catalog words \(objects: /);
      for (const fn of namespace.tools)
        expect(fn).toMatchObject({ type: "function", defer_loading: true, strict: expect.any(Boolean) });
    }
    expect(namespaces.flatMap((n) => n.tools.map((t) => t["name"])).sort()).toEqual([...names].sort());
    expect(namespaces.length).toBe(slug === "recruit-api" ? 19 : 1);
    expect(names).toHaveLength(run.tools);
  });
});
