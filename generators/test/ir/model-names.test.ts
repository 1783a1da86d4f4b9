import { describe, expect, it } from "vitest";
import { modelNameProblems, modelToolName, parseModelToolName } from "../../src/ir/model-names.ts";
import { loadCatalog } from "../../src/loader/load.ts";
import { workspaceRoot } from "../support.ts";

describe("model tool names", () => {
  it.each([
    ["CloudSheets", "GetSpreadsheet", "CloudSheets_GetSpreadsheet"],
    ["RecruitApi", "WhoAmI", "RecruitApi_WhoAmI"],
  ])("%s.%s -> %s and back", (server, tool, expected) => {
    expect(modelToolName({ name: server }, { name: tool })).toBe(expected);
    expect(parseModelToolName({ name: server }, expected)).toBe(tool);
  });

  it.each(["CloudSheets.GetSpreadsheet", "CloudSheets_", "Other_GetSpreadsheet", "GetSpreadsheet"])("%s is not a model name of CloudSheets", (name) => {
    expect(parseModelToolName({ name: "CloudSheets" }, name)).toBeUndefined();
  });

  it.each([
    ["too long", { name: "S", tools: [{ name: `T${"x".repeat(63)}` }] }, /1-64/],
    ["a character providers refuse", { name: "S", tools: [{ name: "Get.It" }] }, /letters, digits/],
    ["a collision without case", { name: "S", tools: [{ name: "GetA" }, { name: "Geta" }] }, /collides with the one of GetA/],
    ["a name that does not read back", { name: "S", tools: [{ name: "" }] }, /does not read back/],
  ])("reports %s as a problem, without throwing", (_label, server, message) => {
    expect(modelNameProblems(server).map((p) => p.message).join("\n")).toMatch(message);
  });

  it("finds no problem in the catalog", () => {
    const catalog = loadCatalog({ root: workspaceRoot });
    expect(catalog.servers.flatMap(modelNameProblems)).toEqual([]);
  });
});
