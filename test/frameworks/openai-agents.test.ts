// @openai/agents 0.20 with its OpenAI Chat Completions model over a scripted endpoint: the agent
// runs the model's two calls and sends the outputs back. Strict: the tool takes the strict form of
// the package's schema; non-strict: the shipped Responses function's parameters. Either way the
// model reads the tool's value for the valid call and the package's issue for the invalid one.
// The README's form (`openAiParameters`, spread into tool()) sends each tool as its tool files ship
// it, so an open object's keys and a tool whose parameters are not shown reach the tool whole.
import { Agent, OpenAIChatCompletionsModel, run, setTracingDisabled, tool } from "@openai/agents";
import {
  openAiParameters,
  strictStandardSchema,
  type Manifest,
  type ModelCallTarget,
  type OpenAiToolParameters,
  type ToolStandardSchema,
} from "@toolcat/runtime";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import * as contacts from "../../packages/cloud-contacts/src/index.ts";
import * as sigma from "../../packages/sigma-api/src/index.ts";
import { catalogTools } from "./support/catalog.ts";
import {
  invalid,
  invalidText,
  modes,
  scenario,
  scriptedFetch,
  sent,
  sheets,
  toolName,
  valid,
  valueText,
  type Mode,
} from "./support/scenario.ts";

setTracingDisabled(true);
const shipped = new Map(
  (await catalogTools()).filter((t) => t.pkg.slug === "cloud-sheets").map((t) => [t.tool.name, t.responses]),
);

/**
 * The tool's JSON Schema as the agent sends it (strict: the strict form, whose nulls the agent drops
 * before execute). The Standard Schema is not used for the check: the agent hides a failed check's
 * issues from the model by default (it answers "Invalid JSON input for tool"), so the package's
 * validator runs in handleToolCall, whose message the model reads.
 */
function agentTools(client: ReturnType<typeof scenario>["client"], mode: Mode) {
  return sheets.manifest.tools.map((t) =>
    tool({
      name: t.modelName,
      description: t.modelDescription,
      parameters: (mode === "strict"
        ? strictStandardSchema(sheets.schemaOf(t.name))["~standard"].jsonSchema.input({ target: "draft-2020-12" })
        : shipped.get(t.name)!.parameters) as never,
      strict: mode === "strict",
      execute: async (args: unknown) => (await sheets.handleToolCall(client, t.name, args)).content[0].text,
    }),
  );
}

describe.each(modes)("@openai/agents, %s", (mode) => {
  it("runs both calls and sends the value and the package's issue back", async () => {
    const { client, received } = scenario();
    const requests: Record<string, unknown>[] = [];
    const toolCalls = [sent(valid, mode), sent(invalid, mode)].map((args, i) => ({
      id: `call_${i}`,
      type: "function",
      function: { name: toolName, arguments: JSON.stringify(args) },
    }));
    const fetch = scriptedFetch(
      requests,
      {
        id: "c1",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [
          {
            index: 0,
            finish_reason: "tool_calls",
            message: { role: "assistant", content: null, tool_calls: toolCalls },
          },
        ],
      },
      {
        id: "c2",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Ada, 36." } }],
      },
    );
    const model = new OpenAIChatCompletionsModel(new OpenAI({ apiKey: "sk-test", fetch }), "m");
    const agent = new Agent({
      name: "sheets",
      instructions: "Answer from the sheet.",
      model,
      tools: agentTools(client, mode),
    });
    const result = await run(agent, "What is in sheet-1?");
    expect(result.finalOutput).toBe("Ada, 36.");
    expect(received).toEqual([valid]);
    const sentTool = (requests[0]!["tools"] as { function: { name: string; strict: boolean } }[]).find(
      (t) => t.function.name === toolName,
    );
    expect(sentTool?.function.strict).toBe(mode === "strict");
    const toolMessages = (requests[1]!["messages"] as { role: string }[]).filter((m) => m.role === "tool");
    expect(toolMessages).toEqual([
      { role: "tool", tool_call_id: "call_0", content: valueText },
      { role: "tool", tool_call_id: "call_1", content: expect.stringMatching(invalidText) },
    ]);
  });
});

/** One tool as the README builds it, over an in-memory engine recording what reaches the tool. */
interface ReadmeRow {
  readonly toolName: string;
  readonly strict: boolean;
  readonly args: Record<string, unknown>;
  readonly agentTool: (received: unknown[]) => ReturnType<typeof tool>;
}

interface ReadmePackage<N extends string> {
  readonly manifest: Manifest<N>;
  readonly schemaOf: (name: N) => ToolStandardSchema<unknown>;
  readonly handleToolCall: typeof sheets.handleToolCall;
}

/** The README's tool() for `modelName`, over `client`. */
function readmeTool<N extends string>(pkg: ReadmePackage<N>, modelName: string, client: ModelCallTarget) {
  const t = pkg.manifest.tools.find((entry) => entry.modelName === modelName)!;
  return tool<OpenAiToolParameters>({
    name: t.modelName,
    description: t.modelDescription,
    ...openAiParameters(pkg.schemaOf(t.name)),
    execute: async (args) => (await pkg.handleToolCall(client, t.name, args)).content[0].text,
  });
}

/** In-memory handlers for one tool, pushing each input that reaches it. */
const recording = (received: unknown[], fullName: string) => ({
  [fullName]: (input: unknown) => {
    received.push(input);
    return { id: "r1" };
  },
});

const readmeRows: readonly ReadmeRow[] = [
  {
    toolName: "SigmaApi_CreateResearchRequest",
    strict: false,
    args: { research_request_details: { query: "solar", depth: 2 } },
    agentTool: (received) =>
      readmeTool(
        sigma,
        "SigmaApi_CreateResearchRequest",
        sigma.createSigmaApiClient({
          transport: sigma.createInMemoryTransport(recording(received, "SigmaApi.CreateResearchRequest")),
          env: false,
          secrets: { SIGMA_API_KEY: "sigma-test" },
        }),
      ),
  },
  {
    toolName: "CloudContacts_SearchContactsByPhoneNumber",
    strict: false,
    args: { phone: "+1 555 0100", region: "US" },
    agentTool: (received) =>
      readmeTool(
        contacts,
        "CloudContacts_SearchContactsByPhoneNumber",
        contacts.createCloudContactsClient({
          transport: contacts.createInMemoryTransport(recording(received, "CloudContacts.SearchContactsByPhoneNumber")),
          env: false,
        }),
      ),
  },
  {
    toolName,
    strict: true,
    args: sent(valid, "strict"),
    agentTool: (received) =>
      readmeTool(
        sheets,
        toolName,
        sheets.createCloudSheetsClient({
          transport: sheets.createInMemoryTransport(recording(received, "CloudSheets.GetSpreadsheet")),
          env: false,
        }),
      ),
  },
];

describe.each(readmeRows)("@openai/agents with the README's openAiParameters: $toolName", (row) => {
  it("sends the tool as its tool files ship it, and the model's arguments reach the tool whole", async () => {
    const received: unknown[] = [];
    const requests: Record<string, unknown>[] = [];
    const call = {
      id: "call_0",
      type: "function",
      function: { name: row.toolName, arguments: JSON.stringify(row.args) },
    };
    const fetch = scriptedFetch(
      requests,
      {
        id: "c1",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [
          { index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [call] } },
        ],
      },
      {
        id: "c2",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Done." } }],
      },
    );
    const model = new OpenAIChatCompletionsModel(new OpenAI({ apiKey: "sk-test", fetch }), "m");
    const agent = new Agent({ name: "agent", instructions: "Use the tool.", model, tools: [row.agentTool(received)] });
    expect((await run(agent, "Go.")).finalOutput).toBe("Done.");
    const [sentTool] = requests[0]!["tools"] as {
      function: { name: string; strict: boolean; parameters: Record<string, unknown> };
    }[];
    expect(sentTool?.function.strict).toBe(row.strict);
    if (!row.strict)
      expect(sentTool?.function.parameters["additionalProperties"] === false).toBe(row.toolName.startsWith("SigmaApi"));
    expect(received, JSON.stringify(requests[1]?.["messages"])).toEqual([row.strict ? valid : row.args]);
  });
});
