// MCP: the package served by @toolcat/mcp, called through the SDK's client in memory (MCP has no
// strict mode). The valid call's result carries the tool's value (as text and structured content),
// the invalid one the package's issue with isError.
import { describe, expect, it } from "vitest";
import { mcpClient } from "./support/mcp.ts";
import { invalid, pointerText, scenario, toolName, valid, value } from "./support/scenario.ts";

describe("MCP", () => {
  it("answers the valid call with the value and the invalid one with the package's issue, isError", async () => {
    const { client, received } = scenario();
    const mcp = await mcpClient(client);
    try {
      const ok = await mcp.call(toolName, valid);
      const bad = await mcp.call(toolName, invalid);
      expect(received).toEqual([valid]);
      expect(ok.isError ?? false).toBe(false);
      expect(ok.structuredContent).toEqual(value);
      expect(ok.content.map((part) => (part.type === "text" ? JSON.parse(part.text) : part))).toEqual([value]);
      expect(bad).toMatchObject({
        isError: true,
        content: [{ type: "text", text: expect.stringMatching(pointerText) }],
      });
    } finally {
      await mcp.close();
    }
  });
});
