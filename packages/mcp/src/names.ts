// The names and hints a tool is listed under. Issue 12 adds `modelName` and `annotations` to the
// manifest; until then they are derived here, one function each, so switching is one line.
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { ManifestTool } from "@toolcat/runtime";

export type NameStyle = "model" | "full";

/** Provider-safe name (`CloudSheets_GetSpreadsheet`): derived until the manifest carries `modelName`. */
export function modelName(tool: ManifestTool): string {
  return tool.fullName.replaceAll(".", "_");
}

/** The spec's behaviour hints: none until the manifest carries `annotations`, so clients assume the cautious defaults. */
export function toolAnnotations(_tool: ManifestTool): ToolAnnotations | undefined {
  return undefined;
}

/** The name the MCP client sees. */
export function listedName(tool: ManifestTool, style: NameStyle): string {
  return style === "model" ? modelName(tool) : tool.fullName;
}

/** Every form a user may write the tool's name in: short, full and model. */
export function nameForms(tool: ManifestTool): readonly string[] {
  return [tool.name, tool.fullName, modelName(tool)];
}
