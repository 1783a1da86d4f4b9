// Toolsets from the spec's topic headings: every tool in exactly one, slugs unique, namespace names
// provider-safe, the unheaded tools as `other`, a server without headings as one toolset.
import { describe, expect, it } from "vitest";
import { hasGroups, toolGroups } from "../../src/ir/groups.ts";
import { modelNamePattern } from "../../src/ir/model-names.ts";
import type { Server, Tool } from "../../src/ir/types.ts";
import { workspaceCatalog } from "../support.ts";

const catalog = workspaceCatalog();
const server = (slug: string): Server => catalog.servers.find((s) => s.slug === slug)!;

describe("toolGroups", () => {
  it("sorts recruit-api's 141 tools into its 18 headings and `other`, each tool once", () => {
    const recruit = server("recruit-api");
    const groups = toolGroups(recruit);
    expect(groups).toHaveLength(19);
    expect(
      groups
        .flatMap((g) => g.tools)
        .map((t) => t.name)
        .sort(),
    ).toEqual(recruit.tools.map((t) => t.name).sort());
    expect(new Set(groups.map((g) => g.slug)).size).toBe(19);
    expect(groups.at(-1)).toMatchObject({ title: undefined, slug: "other", namespace: "RecruitApi_Other" });
    expect(groups.find((g) => g.title === "Hiring team (job or application level)")).toMatchObject({
      slug: "hiring-team-job-or-application-level",
      namespace: "RecruitApi_HiringTeamJobOrApplicationLevel",
    });
    for (const group of groups) expect(group.namespace).toMatch(modelNamePattern);
  });

  it("makes a server without headings one toolset named after the server", () => {
    const sheets = server("cloud-sheets");
    expect(hasGroups(sheets)).toBe(false);
    expect(toolGroups(sheets)).toEqual([
      { title: undefined, slug: "cloud-sheets", namespace: "CloudSheets", tools: sheets.tools },
    ]);
  });

  it("numbers headings that share a slug, and names headings without ASCII words by position", () => {
    const base = server("cloud-sheets");
    const tools = ["Café", "café!", "日本"].map((group, i): Tool => ({ ...base.tools[i]!, group }));
    const groups = toolGroups({ ...base, tools });
    expect(groups.map((g) => [g.slug, g.namespace])).toEqual([
      ["caf", "CloudSheets_Caf"],
      ["caf-2", "CloudSheets_Group2"],
      ["group-3", "CloudSheets_Group3"],
    ]);
  });
});
