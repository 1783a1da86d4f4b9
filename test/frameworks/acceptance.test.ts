// Every consumer accepts every tool (260) in the form the package gives it: openai 7's
// standard-schema helpers and @openai/agents `tool()` strict (the strict Standard Schema),
// @openai/agents non-strict (the shipped Responses function) and as the README builds it
// (`openAiParameters`: the shipped form, strict or not, per tool), the AI SDK and LangChain (the full
// Standard Schema). Then, per tool, the strict form keeps the valid input: with every optional
// parameter left out as strict mode leaves it (null), the strict schema (stock Ajv) and the strict
// Standard Schema accept it, and the tool receives what the full validator gives for the input
// without the nulls.
import { tool as agentsTool } from "@openai/agents";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { asSchema, tool as aiTool } from "ai";
import { tool as langchainTool } from "@langchain/core/tools";
import { langChainSchema, openAiParameters, type OpenAiToolParameters } from "@toolcat/runtime";
import { standardFunction, standardResponsesFunction } from "openai/helpers/standard-schema";
import { describe, expect, it } from "vitest";
import { random, validInput } from "../support/inputs.ts";
import { catalogTools, type CatalogTool } from "./support/catalog.ts";

const tools = await catalogTools();
const rows = tools.map((t) => [t.tool.fullName, t] as const);
const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);

// `as never` where a library's types do not name what it takes at run time: the shipped JSON is
// read as plain records, and LangChain's tool() types list Zod and JSON Schema, though it reads a
// Standard JSON Schema's `~standard.jsonSchema` for the model.
const consumers: Record<string, (t: CatalogTool) => unknown> = {
  "openai standardFunction": (t) =>
    standardFunction({ name: t.tool.modelName, parameters: t.strict, function: () => "ok" }),
  "openai standardResponsesFunction": (t) =>
    standardResponsesFunction({ name: t.tool.modelName, parameters: t.strict }),
  "@openai/agents tool, strict": (t) =>
    agentsTool({
      name: t.tool.modelName,
      description: t.tool.modelDescription,
      parameters: t.strict,
      execute: () => "ok",
    }),
  "@openai/agents tool, non-strict": (t) =>
    agentsTool({
      name: t.tool.modelName,
      description: t.tool.modelDescription,
      parameters: t.responses.parameters as never,
      strict: false,
      execute: () => "ok",
    }),
  "@openai/agents tool, openAiParameters": (t) =>
    agentsTool<OpenAiToolParameters>({
      name: t.tool.modelName,
      description: t.tool.modelDescription,
      ...openAiParameters(t.schema),
      execute: () => "ok",
    }),
  "AI SDK tool": (t) =>
    asSchema(aiTool({ description: t.tool.modelDescription, inputSchema: t.schema }).inputSchema).jsonSchema,
  "LangChain tool": (t) =>
    langchainTool(() => "ok", {
      name: t.tool.modelName,
      description: t.tool.modelDescription,
      schema: langChainSchema(t.schema),
    }),
};

describe("every consumer accepts every tool", () => {
  it("covers the whole catalog", () => expect(tools.length).toBe(260));

  it.each(Object.keys(consumers))("%s", (consumer) => {
    const refused = tools.flatMap((t) => {
      try {
        consumers[consumer]!(t);
        return [];
      } catch (error) {
        return [`${t.tool.fullName}: ${String(error)}`];
      }
    });
    expect(refused).toEqual([]);
  });
});

describe("openAiParameters gives each tool's shipped OpenAI form", () => {
  it.each(rows)("%s", (_fullName, t) => {
    const { strict, parameters } = openAiParameters(t.schema);
    expect(strict).toBe(t.tool.lowering.openAiStrict);
    // The non-strict root gets the empty parameter list and open root @openai/agents types ask for, where absent.
    const shipped = strict
      ? t.responses.parameters
      : { properties: {}, required: [], additionalProperties: true, ...t.responses.parameters };
    expect({ strict, parameters }).toEqual({ strict: t.responses.strict, parameters: shipped });
  });
});

describe.each(rows)("%s: the strict form keeps a valid call", (fullName, t) => {
  it("accepts it with nulls for the parameters left out, and passes it on without them", () => {
    const rng = random([...fullName].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
    const input = validInput(t.tool.inputSchema, rng) as Record<string, unknown>;
    const jsonSchema = t.strict["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    const nulls = Object.fromEntries(
      Object.keys((jsonSchema["properties"] ?? {}) as object).map((name) => [name, null]),
    );
    const strictInput = { ...nulls, ...input };
    // Open objects are closed in the strict form: only an input without their keys fits it.
    const fits = ajv.validate(jsonSchema, strictInput);
    const full = t.schema["~standard"].validate(input) as { value?: unknown; issues?: unknown };
    expect(full.issues).toBeUndefined();
    expect(t.strict["~standard"].validate(strictInput), JSON.stringify(strictInput)).toEqual(full);
    if (!fits)
      expect(JSON.stringify(ajv.errors)).toMatch(/additionalProperties|must NOT have fewer than|must be object/);
  });
});
