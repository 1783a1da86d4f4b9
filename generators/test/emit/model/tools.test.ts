// The provider tool files every package ships: one entry per tool in each format, names the
// providers accept, strict OpenAI schemas where the tool can be strict, and MCP hints as stated.
// A package of more than 128 tools ships its OpenAI lists per group only (group-tools.test.ts).
import { describe, expect, it } from "vitest";
import { workspacePipeline } from "../../support.ts";

const { files, runs } = workspacePipeline();
const json = (path: string): Record<string, unknown>[] =>
  JSON.parse(files.find((f) => f.path === path)?.text ?? "null") as never;
/** The package's whole OpenAI list in one format: its file, or its groups' files in order. */
const openAiList = (slug: string, file: string): Record<string, unknown>[] =>
  files.some((f) => f.path === `packages/${slug}/tools/${file}`)
    ? json(`packages/${slug}/tools/${file}`)
    : files
        .filter((f) => f.path.startsWith(`packages/${slug}/tools/groups/`) && f.path.endsWith(`/${file}`))
        .flatMap((f) => json(f.path));

describe.each(runs.map((run) => [run.slug, run] as const))("packages/%s/tools", (slug, run) => {
  const openai = openAiList(slug, "openai-chat.json");
  const responses = openAiList(slug, "openai-responses.json");
  const anthropic = json(`packages/${slug}/tools/anthropic.json`);
  const mcp = json(`packages/${slug}/tools/mcp.json`);

  it("lists every tool once in each format, under a provider-safe name", () => {
    for (const list of [openai, responses, anthropic, mcp]) expect(list).toHaveLength(run.tools);
    const names = anthropic.map((t) => t["name"] as string);
    expect(new Set(names).size).toBe(run.tools);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(openai.map((t) => (t["function"] as { name: string }).name).sort()).toEqual([...names].sort());
    expect(responses.map((t) => t["name"]).sort()).toEqual([...names].sort());
    expect(mcp.map((t) => t["name"])).toEqual(names);
  });

  it("ships no OpenAI list of more than 128 tools", () => {
    for (const file of files.filter(
      (f) => f.path.startsWith(`packages/${slug}/tools/`) && /\/openai-[a-z]+\.json$/.test(f.path),
    )) {
      expect(json(file.path).length, file.path).toBeLessThanOrEqual(128);
    }
    expect(files.some((f) => f.path === `packages/${slug}/tools/openai-chat.json`)).toBe(run.tools <= 128);
  });

  it("makes a strict OpenAI schema close every object and require every property", () => {
    const visit = (schema: Record<string, unknown>): void => {
      if (schema["type"] === "object" || (Array.isArray(schema["type"]) && schema["type"].includes("object"))) {
        const properties = Object.keys((schema["properties"] ?? {}) as object);
        expect(schema["additionalProperties"]).toBe(false);
        expect([...((schema["required"] ?? []) as string[])].sort()).toEqual(properties.sort());
        for (const child of Object.values((schema["properties"] ?? {}) as Record<string, Record<string, unknown>>))
          visit(child);
      }
    };
    for (const entry of openai) {
      const fn = entry["function"] as { strict: boolean; parameters: Record<string, unknown> };
      if (fn.strict) visit(fn.parameters);
      for (const forbidden of ["if", "then", "else", "allOf", "dependentRequired", "$schema"]) {
        if (fn.strict) expect(JSON.stringify(fn.parameters)).not.toContain(`"${forbidden}":`);
      }
    }
  });

  it("gives MCP only the behaviour hints the spec states", () => {
    for (const tool of mcp) {
      for (const hint of Object.keys((tool["annotations"] ?? {}) as object)) {
        expect(["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]).toContain(hint);
      }
    }
  });
});
