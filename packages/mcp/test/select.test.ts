import type { ManifestTool } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { listedName, modelName, nameForms } from "../src/names.ts";
import { selectTools } from "../src/select.ts";

const tool = (fullName: string): ManifestTool => {
  const [, name = ""] = fullName.split(".");
  const annotations = name.startsWith("Get") ? { readOnly: true } : {};
  return {
    name,
    fullName,
    modelName: fullName.replace(".", "_"),
    title: name,
    description: "",
    modelDescription: "",
    secrets: [],
    scopes: null,
    parametersKnown: true,
    modePattern: false,
    annotations,
    notes: [],
    judgments: [],
    inputSchema: { type: "object" },
    lowering: { openAiStrict: true, strictNulls: [], notEnforced: { openai: [], anthropic: [], gemini: [] } },
    examples: [],
  };
};
const tools = [
  "CloudSheets.GetSpreadsheet",
  "CloudSheets.GetSpreadsheetMetadata",
  "CloudSheets.WhoAmI",
  "CreatorApi.FetchRecordDetail",
].map(tool);

describe("names", () => {
  it("derives the model name from the full name and lists by style", () => {
    const sheet = tool("CloudSheets.GetSpreadsheet");
    expect(modelName(sheet)).toBe("CloudSheets_GetSpreadsheet");
    expect(listedName(sheet, "model")).toBe("CloudSheets_GetSpreadsheet");
    expect(listedName(sheet, "full")).toBe("CloudSheets.GetSpreadsheet");
    expect(nameForms(sheet)).toEqual(["GetSpreadsheet", "CloudSheets.GetSpreadsheet", "CloudSheets_GetSpreadsheet"]);
  });
});

describe("selectTools", () => {
  it.each([
    [undefined, ["GetSpreadsheet", "GetSpreadsheetMetadata", "WhoAmI", "FetchRecordDetail"]],
    [["WhoAmI"], ["WhoAmI"]],
    [["CreatorApi.FetchRecordDetail"], ["FetchRecordDetail"]],
    [["CloudSheets_GetSpreadsheet"], ["GetSpreadsheet"]],
    [["CloudSheets.*"], ["GetSpreadsheet", "GetSpreadsheetMetadata", "WhoAmI"]],
    [
      ["*Metadata", "Who?mI"],
      ["GetSpreadsheetMetadata", "WhoAmI"],
    ],
    [["GetSpreadsheet"], ["GetSpreadsheet"]],
  ])("tools %j keeps %j", (patterns, names) => {
    expect(selectTools(tools, patterns === undefined ? {} : { tools: patterns }).map((kept) => kept.name)).toEqual(
      names,
    );
  });

  it("treats regular expression characters in a pattern literally", () => {
    expect(() => selectTools(tools, { tools: ["Get.+"] })).toThrow(/no tool matches "Get\.\+"/);
  });

  it("keeps only tools the manifest annotates read-only", () => {
    expect(selectTools(tools, { readOnly: true }).map((kept) => kept.name)).toEqual([
      "GetSpreadsheet",
      "GetSpreadsheetMetadata",
    ]);
  });
});
