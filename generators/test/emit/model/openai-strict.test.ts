// OpenAI's documented strict-mode rules, table-driven, then checked on every real tool.
import { toStrictJsonSchema } from "openai/lib/transform";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../src/ir/json.ts";
import {
  lowerOpenAiStrict as openAiStrict,
  strictFormats,
  strictKeywords,
} from "../../../../packages/runtime/src/lowering/openai-strict.ts";
import { modelTool, openAiChatTool, openAiResponsesTool } from "../../../src/emit/model/provider-tools.ts";
import { workspaceCatalog } from "../../support.ts";

/** Every documented strict-mode rule a schema breaks, with where. */
function strictViolations(schema: JsonSchema, at = "#"): string[] {
  const problems: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (!strictKeywords.has(keyword)) problems.push(`${at}: keyword ${keyword} is not supported`);
    if (keyword === "format" && !strictFormats.has(value as string))
      problems.push(`${at}: format ${String(value)} is not supported`);
  }
  const types = [schema["type"]].flat();
  if (types.includes("object")) {
    const properties = (schema["properties"] ?? {}) as Record<string, JsonSchema>;
    if (schema["additionalProperties"] !== false) problems.push(`${at}: additionalProperties must be false`);
    const required = new Set((schema["required"] ?? []) as string[]);
    for (const name of Object.keys(properties))
      if (!required.has(name)) problems.push(`${at}: ${name} must be in required`);
    for (const [name, property] of Object.entries(properties))
      problems.push(...strictViolations(property, `${at}/properties/${name}`));
  }
  if (schema["items"] !== undefined) problems.push(...strictViolations(schema["items"] as JsonSchema, `${at}/items`));
  if (Array.isArray(schema["enum"]) && types.includes("null") && !(schema["enum"] as unknown[]).includes(null))
    problems.push(`${at}: nullable enum must list null`);
  return problems;
}

const base = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", additionalProperties: false };

describe("openAiStrict", () => {
  it.each([
    ["parameters not shown", { $schema: base.$schema, type: "object" }, false, /does not show/],
    [
      "an open object parameter",
      { ...base, properties: { data: { type: "object", minProperties: 1 } } },
      false,
      /data is an object/,
    ],
    ["no parameters", { ...base, properties: {} }, true, undefined],
    [
      "an empty-object parameter",
      { ...base, properties: { filter: { type: "object", maxProperties: 0 } } },
      true,
      undefined,
    ],
  ] as const)("%s: strict %s", (_label, schema, strict, reason) => {
    const result = openAiStrict(schema);
    expect(result.strict).toBe(strict);
    if (!result.strict) expect(result.reason).toMatch(reason!);
    if (result.strict) expect(strictViolations(result.schema)).toEqual([]);
    else expect(result.schema).not.toHaveProperty("$schema");
  });

  it("lists every property in required, makes optional ones nullable and drops unsupported keywords", () => {
    const result = openAiStrict({
      ...base,
      properties: {
        id: { type: "string", description: "Id." },
        mode: { type: "string", enum: ["plan", "execute"], default: "plan" },
        url: { type: "string", format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]" },
        when: { type: "string", format: "date-time" },
        body: { type: "string", contentMediaType: "application/json" },
        tags: { type: "array", items: { type: "string", format: "uri" } },
      },
      required: ["id"],
      dependentRequired: { body: ["mode"] },
      allOf: [{ if: { properties: { mode: { const: "execute" } }, required: ["mode"] }, then: { required: ["body"] } }],
    });
    expect(result).toMatchObject({
      strict: true,
      strictNulls: ["/mode", "/url", "/when", "/body", "/tags"],
      dropped: [
        { pointer: "", keyword: "dependentRequired" },
        { pointer: "", keyword: "allOf" },
        { pointer: "/properties/url", keyword: "format" },
        { pointer: "/properties/body", keyword: "contentMediaType" },
        { pointer: "/properties/tags/items", keyword: "format" },
      ],
      schema: {
        type: "object",
        properties: {
          id: { type: "string", description: "Id." },
          mode: { type: ["string", "null"], enum: ["plan", "execute", null] },
          url: { type: ["string", "null"], pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]" },
          when: { type: ["string", "null"], format: "date-time" },
          body: { type: ["string", "null"] },
          tags: { type: ["array", "null"], items: { type: "string" } },
        },
        required: ["id", "mode", "url", "when", "body", "tags"],
        additionalProperties: false,
      },
    });
  });
});

describe("every catalog tool", () => {
  const catalog = workspaceCatalog();
  const tools = catalog.servers.flatMap((server) =>
    server.tools.map((tool) => modelTool(server, tool, catalog.rules.toolMode)),
  );

  it("has 260 tools, each strict-valid or with a reason", () => {
    expect(tools).toHaveLength(260);
    let strict = 0;
    for (const tool of tools) {
      const result = openAiStrict(tool.inputSchema);
      if (result.strict) {
        strict++;
        expect(strictViolations(result.schema), tool.name).toEqual([]);
      } else expect(result.reason, tool.name).not.toBe("");
    }
    console.info(`OpenAI strict: ${strict} of ${tools.length} tools`);
    expect(strict).toBeGreaterThan(200);
  });

  it("are fixed points of the openai package's own strict-schema transform", () => {
    // The SDK's toStrictJsonSchema rewrites a schema into what strict mode accepts: a schema it
    // leaves unchanged already follows the rules, by the provider's own reading of them.
    let checked = 0;
    for (const tool of tools) {
      const result = openAiStrict(tool.inputSchema);
      if (!result.strict) continue;
      checked++;
      expect(
        toStrictJsonSchema(structuredClone(result.schema) as Parameters<typeof toStrictJsonSchema>[0]),
        tool.name,
      ).toEqual(result.schema);
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("gives Chat Completions and Responses the same function", () => {
    for (const tool of tools) {
      const { type: _t, ...flat } = openAiResponsesTool(tool);
      expect(openAiChatTool(tool).function, tool.name).toEqual(flat);
    }
  });
});
