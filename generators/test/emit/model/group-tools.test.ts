// Per-group tool files: only where the spec has topic headings (recruit-api), one directory per
// toolset with every format, the toolsets together holding every tool once.
import { describe, expect, it } from "vitest";
import { toolFormats } from "../../../src/emit/model/tools.ts";
import { workspacePipeline } from "../../support.ts";

const { files } = workspacePipeline();
const groupFiles = (slug: string): string[] =>
  files.map((f) => f.path).filter((path) => path.startsWith(`packages/${slug}/tools/groups/`));

describe("tools/groups", () => {
  it("is written only for a spec with topic headings", () => {
    for (const slug of ["cloud-sheets", "cloud-contacts", "creator-api", "crm-events-api", "engine-api", "sigma-api"])
      expect(groupFiles(slug)).toEqual([]);
    // Each format's JSON file and its declaration.
    expect(groupFiles("recruit-api")).toHaveLength(19 * toolFormats.length * 2);
  });

  it("holds every recruit-api tool once per format, in lists OpenAI accepts", () => {
    const lists = (file: string): { name?: string; function?: { name: string } }[][] =>
      groupFiles("recruit-api")
        .filter((path) => path.endsWith(`/${file}`))
        .map((path) => JSON.parse(files.find((f) => f.path === path)!.text) as never);
    for (const { file } of toolFormats) {
      const names = lists(file)
        .flat()
        .map((tool) => tool.name ?? tool.function?.name);
      expect(new Set(names).size, file).toBe(141);
      expect(names, file).toHaveLength(141);
      for (const list of lists(file)) expect(list.length).toBeLessThanOrEqual(128);
    }
    expect(groupFiles("recruit-api")).toContain("packages/recruit-api/tools/groups/candidates/openai-chat.json");
    expect(groupFiles("recruit-api")).toContain("packages/recruit-api/tools/groups/other/anthropic.json");
  });
});
