// A tool description with one example call after it, as MCP tool listings show it (the package's
// tools/mcp.json and toolcat-mcp's tools/list alike): MCP has no examples field, so the example
// travels in the text a model reads. The example is the manifest's first, as compact JSON.
import type { ToolInputExample } from "../tool-files.js";

/** `description` followed by `Example: {…}` for the first example, or unchanged when there is none. */
export function withExample(description: string, examples: readonly ToolInputExample[] | undefined): string {
  const [first] = examples ?? [];
  return first === undefined ? description : `${description} Example: ${JSON.stringify(first)}`;
}
