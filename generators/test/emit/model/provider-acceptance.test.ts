// What each provider accepts, checked on all 260 catalog tools as the tool files carry them: stock
// Ajv (2020-12, strict, ajv-formats) compiles every form's schema, and the Gemini declarations keep
// to Gemini's documented rules (function names; the JSON Schema keywords and string formats of
// `parametersJsonSchema`). The lists here are written from the providers' documents, not imported
// from the lowering, so a lowering that keeps too much fails. (The OpenAI strict subset is checked in
// openai-strict.test.ts; the SDK types in test/e2e/tool-files.test.ts.)
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../src/ir/json.ts";
import {
  anthropicTool,
  geminiTool,
  mcpTool,
  modelTool,
  openAiChatTool,
} from "../../../src/emit/model/provider-tools.ts";
import { workspaceCatalog } from "../../support.ts";

const catalog = workspaceCatalog();
const tools = catalog.servers.flatMap((server) =>
  server.tools.map((tool) => modelTool(server, tool, catalog.rules.toolMode)),
);

/** Gemini function names: a letter or underscore first, at most 64 of letters, digits, `_ . : -`. */
const geminiName = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;

/** The JSON Schema keywords Gemini documents for `parametersJsonSchema`. */
const geminiKeywords = new Set([
  "$ref",
  "$defs",
  "type",
  "title",
  "description",
  "enum",
  "format",
  "minimum",
  "maximum",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "properties",
  "additionalProperties",
  "required",
  "anyOf",
  "propertyOrdering",
]);
const geminiFormats = new Set(["date-time", "date", "time"]);

const single = ["items", "additionalProperties"];
const maps = ["properties", "$defs"];

/** Every Gemini rule `schema` breaks, with where. */
function geminiViolations(schema: JsonSchema, at = ""): string[] {
  const problems: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (!geminiKeywords.has(keyword)) problems.push(`${at}: keyword ${keyword}`);
    if (keyword === "format" && !geminiFormats.has(value as string)) problems.push(`${at}: format ${String(value)}`);
    if (single.includes(keyword) && typeof value === "object" && value !== null)
      problems.push(...geminiViolations(value as JsonSchema, `${at}/${keyword}`));
    if (maps.includes(keyword))
      for (const [name, child] of Object.entries(value as Record<string, JsonSchema>))
        problems.push(...geminiViolations(child, `${at}/${keyword}/${name}`));
    if (keyword === "anyOf" || keyword === "prefixItems")
      (value as JsonSchema[]).forEach((child, i) => problems.push(...geminiViolations(child, `${at}/${keyword}/${i}`)));
  }
  return problems;
}

describe("every catalog tool, as each provider receives it", () => {
  // Anthropic checks each input_examples entry against the tool's input_schema and refuses the request otherwise.
  it("gives Anthropic input_examples that its own input_schema accepts", { timeout: 60_000 }, () => {
    const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
    addFormats.default(ajv);
    const failures = tools.flatMap((tool) => {
      const { input_schema: schema, input_examples: examples = [] } = anthropicTool(tool);
      const check = ajv.compile(schema as JsonSchema);
      return examples
        .filter((example) => !check(example))
        .map((example) => `${tool.name} ${JSON.stringify(example)}: ${ajv.errorsText(check.errors)}`);
    });
    expect(failures).toEqual([]);
    expect(tools.filter((tool) => (anthropicTool(tool).input_examples?.length ?? 0) > 0).length).toBeGreaterThan(200);
  });

  it("covers the whole catalog", () => {
    expect(tools.length).toBe(260);
  });

  // Over a thousand schema compilations: seconds on a busy machine.
  it("compiles in stock Ajv 2020-12 (strict) in every form", { timeout: 60_000 }, () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    addFormats.default(ajv);
    const failures = tools.flatMap((tool) => {
      const forms: Record<string, unknown> = {
        openai: openAiChatTool(tool).function.parameters,
        anthropic: anthropicTool(tool).input_schema,
        gemini: geminiTool(tool).parametersJsonSchema,
        mcp: mcpTool(tool).inputSchema,
      };
      return Object.entries(forms).flatMap(([form, schema]) => {
        try {
          ajv.compile(schema as JsonSchema);
          return [];
        } catch (error) {
          return [`${tool.name} ${form}: ${String(error)}`];
        }
      });
    });
    expect(failures).toEqual([]);
  });

  it("meets Gemini's documented rules: names, keywords, formats, an object at the root", () => {
    const problems = tools.flatMap((tool) => {
      const declaration = geminiTool(tool);
      const schema = declaration.parametersJsonSchema;
      return [
        ...(geminiName.test(declaration.name) ? [] : [`${tool.name}: name ${declaration.name}`]),
        ...(schema.type === "object" ? [] : [`${tool.name}: root type ${String(schema.type)}`]),
        ...geminiViolations(schema as JsonSchema).map((problem) => `${tool.name} ${problem}`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it("finds what breaks the rules (the checker is real)", () => {
    expect(
      geminiViolations({
        type: "object",
        properties: { a: { type: "string", pattern: "x", format: "uri" } },
        allOf: [],
      }),
    ).toEqual(["/properties/a: keyword pattern", "/properties/a: format uri", ": keyword allOf"]);
    expect(["1abc", "a".repeat(65), "a b", "ä", ""].filter((name) => geminiName.test(name))).toEqual([]);
  });
});
