import { describe, expect, it } from "vitest";
import { serverNames, toolModeNameClashes, toolNames } from "../../src/ir/naming.ts";

describe("serverNames", () => {
  it("derives every name of a tool once", () => {
    const { names, clashes } = serverNames("CloudSheets", "ToolMode", ["GetSpreadsheet", "Call"]);
    expect(clashes).toEqual([]);
    expect(toolNames(names, "GetSpreadsheet")).toEqual({
      tool: "GetSpreadsheet",
      input: "GetSpreadsheetInput",
      parameters: "GetSpreadsheetParameters",
      validator: "validateGetSpreadsheet",
      guard: "isGetSpreadsheet",
      definition: "getSpreadsheetTool",
      schema: "getSpreadsheetSchema",
      method: "getSpreadsheet",
      modelName: "CloudSheets_GetSpreadsheet",
      requestBody: "GetSpreadsheetRequestBody",
      requestBodyComponents: "GetSpreadsheetRequestBodyComponents",
      requestBodyCheck: "checkGetSpreadsheetRequestBody",
      parameterList: "parametersOfGetSpreadsheet",
    });
    expect(toolNames(names, "Call").method).toBe("callTool");
    expect(names.clientFactory).toBe("createCloudSheetsClient");
    expect(names.exports).toEqual(expect.arrayContaining(["validateGetSpreadsheet", "isGetSpreadsheet"]));
    expect(names.exports).toContain("manifest");
    expect(names.exports).toEqual(
      expect.arrayContaining(["handleToolCall", "toolSchemas", "isToolModelName", "getSpreadsheetSchema"]),
    );
  });

  it("reports a tool whose derived export is already a package export", () => {
    const { clashes } = serverNames("S", "GetInput", ["Get"]);
    expect(clashes.map((c) => c.message)).toEqual([
      "tool Get generates the identifier GetInput, which is taken by the ToolMode name GetInput",
    ]);
  });

  it("reports derived names equal to an identifier the emitters declare, by their source", () => {
    const { clashes } = serverNames("Tool", "ToolMode", ["LangChain", "Validate"]);
    expect(clashes.map((c) => [c.source, c.message])).toEqual([
      [
        { kind: "tool", tool: "LangChain" },
        "tool LangChain generates the identifier langChainSchema, which is taken by the generated package itself",
      ],
    ]);
    expect(toolModeNameClashes("Partial").map((c) => c.message)).toEqual([
      "the ToolMode name Partial generates the identifier Partial, which is taken by the generated package itself",
    ]);
    expect(serverNames("Mode", "ModeClient", []).clashes.map((c) => [c.source, c.message])).toEqual([
      [
        { kind: "server" },
        "server Mode generates the identifier ModeClient, which is taken by the ToolMode name ModeClient",
      ],
    ]);
  });

  it("reports a model-facing name over 64 characters", () => {
    const { clashes } = serverNames("S", "ToolMode", [`T${"x".repeat(70)}`]);
    expect(clashes.map((c) => c.message).join()).toMatch(
      /must be 1-64 letters, digits, _ or - \(it has 73 characters\)/,
    );
  });

  it("reports tools that differ only by their first letter's case", () => {
    const { clashes } = serverNames("S", "ToolMode", ["Abc", "abc"]);
    expect(clashes[0]?.message).toMatch(/same client method name/);
  });
});

describe("method names", () => {
  // Code mode declares each method as a function, where a reserved word would not parse.
  it.each(["Delete", "New", "Import", "Default", "Export", "Class", "Then", "Call", "Redact"])(
    "%s gets the Tool suffix",
    (tool) => {
      const { names, clashes } = serverNames("Hostile", "ToolMode", [tool]);
      expect(clashes).toEqual([]);
      expect(toolNames(names, tool).method).toBe(`${tool[0]!.toLowerCase()}${tool.slice(1)}Tool`);
    },
  );
});
