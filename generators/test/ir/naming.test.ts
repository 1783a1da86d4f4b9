import { describe, expect, it } from "vitest";
import { serverNames, toolNames } from "../../src/ir/naming.ts";

describe("serverNames", () => {
  it("derives every name of a tool once", () => {
    const { names, clashes } = serverNames("CloudSheets", "ToolMode", ["GetSpreadsheet", "Call"]);
    expect(clashes).toEqual([]);
    expect(toolNames(names, "GetSpreadsheet")).toEqual({
      tool: "GetSpreadsheet",
      input: "GetSpreadsheetInput",
      parameters: "GetSpreadsheetParameters",
      validator: "validateGetSpreadsheet",
      definition: "getSpreadsheetTool",
      schema: "getSpreadsheetSchema",
      method: "getSpreadsheet",
      modelName: "CloudSheets_GetSpreadsheet",
      requestBody: "GetSpreadsheetRequestBody",
      requestBodyComponents: "GetSpreadsheetRequestBodyComponents",
      requestBodyCheck: "checkGetSpreadsheetRequestBody",
    });
    expect(toolNames(names, "Call").method).toBe("callTool");
    expect(names.clientFactory).toBe("createCloudSheetsClient");
    expect(names.exports).toContain("validateGetSpreadsheet");
    expect(names.exports).toContain("manifest");
    expect(names.exports).toEqual(expect.arrayContaining(["handleToolCall", "toolSchemas", "isToolModelName", "getSpreadsheetSchema"]));
  });

  it("reports a tool whose derived export is already a package export", () => {
    const { clashes } = serverNames("S", "GetInput", ["Get"]);
    expect(clashes.map((c) => c.message)).toEqual(["tool Get generates export GetInput, which the package already exports"]);
  });

  it("reports a model-facing name over 64 characters", () => {
    const { clashes } = serverNames("S", "ToolMode", [`T${"x".repeat(70)}`]);
    expect(clashes.map((c) => c.message).join()).toMatch(/must be 1-64 letters, digits, _ or - \(it has 73 characters\)/);
  });

  it("reports tools that differ only by their first letter's case", () => {
    const { clashes } = serverNames("S", "ToolMode", ["Abc", "abc"]);
    expect(clashes[0]?.message).toMatch(/same client method name/);
  });
});
