// The names and hints a tool is listed under, one function each, read from the manifest
// (`modelName`, `annotations`), which the generators build from the names record and the spec.
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { ManifestTool } from "@toolcat/runtime";

export type NameStyle = "model" | "full";

/**
 * Provider-safe name (`CloudSheets_GetSpreadsheet`) from the manifest; derived the same way for a package generated
 * before manifests carried it.
 */
export function modelName(tool: ManifestTool): string {
  return (tool as { readonly modelName?: string }).modelName ?? tool.fullName.replaceAll(".", "_");
}

/**
 * The spec's behaviour hints as MCP annotations. A hint the documents do not state stays unset, so
 * clients apply the protocol's cautious defaults; a package generated before annotations has none.
 */
export function toolAnnotations(tool: ManifestTool): ToolAnnotations | undefined {
  const stated = (tool as { readonly annotations?: ManifestTool["annotations"] }).annotations ?? {};
  const hints: ToolAnnotations = {
    ...(stated.readOnly !== undefined && { readOnlyHint: stated.readOnly }),
    ...(stated.destructive !== undefined && { destructiveHint: stated.destructive }),
    ...(stated.idempotent !== undefined && { idempotentHint: stated.idempotent }),
    ...(stated.openWorld !== undefined && { openWorldHint: stated.openWorld }),
  };
  return Object.keys(hints).length === 0 ? undefined : hints;
}

/** The name the MCP client sees. */
export function listedName(tool: ManifestTool, style: NameStyle): string {
  return style === "model" ? modelName(tool) : tool.fullName;
}

/** Every form a user may write the tool's name in: short, full and model. */
export function nameForms(tool: ManifestTool): readonly string[] {
  return [tool.name, tool.fullName, modelName(tool)];
}
