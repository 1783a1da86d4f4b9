// The README's "Use with a model" examples: OpenAI Chat Completions, Anthropic, the AI SDK, LangChain,
// @openai/agents and MCP, each a few lines of glue over the package's tools/*.json, manifest, schemaOf
// and handleToolCall, and a complete loop wherever the library does not loop itself. The model reads
// the tool's value, or the package's message (issues at their JSON pointers) marked as an error
// where the library has that notion. They use only the package name and fixed export names, and
// no type assertion: the e2e suite extracts, type-checks and runs them against scripted model turns.
import type { EmitContext } from "../core/emitter.ts";
import { openAiToolLimit, withinOpenAiLimit } from "../model/tools.ts";

export interface ModelExample {
  readonly title: string;
  /** Markdown, already safe: no spec text. */
  readonly intro: string;
  readonly lang: "ts" | "sh";
  readonly code: string;
}

/** `import tools from "<package>/tools/<file>.json"`, as the examples import tool files. */
export function jsonImport(packageName: string, file: string, name = "tools"): string {
  return `import ${name} from ${JSON.stringify(`${packageName}/tools/${file}.json`)} with { type: "json" };`;
}

/** Serving the package over stdio from code, to clients of both MCP eras, with `options` for createMcpServerFactory. */
export function mcpServerCode(from: string, options: string): string {
  return [
    'import { serveStdio } from "@modelcontextprotocol/server/stdio";',
    'import { createMcpServerFactory } from "@toolcat/mcp";',
    `import * as toolkit from ${from};`,
    "",
    `serveStdio(createMcpServerFactory(${options}));`,
  ].join("\n");
}

/** One tool_use block `b` answered: the text of handleToolCall's result, `is_error` when it failed. */
export const anthropicAnswer =
  'handleToolCall(client, b.name, b.input).then((r): Anthropic.ToolResultBlockParam => ({ type: "tool_result", ' +
  "tool_use_id: b.id, content: r.content[0].text, is_error: r.isError }))";

/**
 * A Messages loop over `tools` until the model stops calling them; `answer` turns one tool_use block `b` into its
 * tool_result.
 */
export function anthropicLoop(answer = anthropicAnswer): string[] {
  return [
    'const messages: Anthropic.MessageParam[] = [{ role: "user", content: prompt }];',
    'const ask = () => new Anthropic().messages.create({ model: "claude-sonnet-5", max_tokens: 1024, messages, ' +
      "tools });",
    'for (let reply = await ask(); reply.stop_reason === "tool_use"; reply = await ask()) {',
    '  const results = await Promise.all(reply.content.filter((b) => b.type === "tool_use").map((b) =>',
    `    ${answer}));`,
    '  messages.push({ role: "assistant", content: reply.content }, { role: "user", content: results });',
    "}",
  ];
}

/**
 * AI SDK tools from the manifest: its JSON Schema as plain JSON Schema, so the AI SDK leaves the check
 * to `execute` (its own check's error text repeats the arguments, secrets included); `execute` gives
 * the model the tool's value alone, or fails with the package's text, which the AI SDK sends as a tool error.
 */
export function aiSdkTools(source = "manifest.tools"): string[] {
  return [
    `const tools = Object.fromEntries(${source}.map((t) => [t.modelName, tool({`,
    "  description: t.modelDescription, inputSchema: jsonSchema(t.inputSchema), execute: async (args) => {",
    "    const result = await handleToolCall(client, t.name, args);",
    "    if (result.isError) throw new Error(result.content[0].text);",
    "    return result.structuredContent ?? result.content[0].text;",
    "  },",
    "})]));",
  ];
}

/**
 * The manifest tools an example hands a framework, and the package imports that takes: every tool,
 * or for a package over OpenAI's per-request limit those `selectTools` picks for the prompt, as the
 * OpenAI example sends them, so the framework never gives an OpenAI model more than it takes.
 */
export function exampleTools(
  context: EmitContext,
  values: readonly string[],
  types: readonly string[] = [],
): { source: string; imports: string; intro: string } {
  const all = withinOpenAiLimit(context.server.tools.length);
  const imported = [...(all ? values : [...values, "selectTools"].sort()), ...types.map((type) => `type ${type}`)];
  return {
    source: all
      ? "manifest.tools"
      : "selectTools(prompt).flatMap((c) => manifest.tools.filter((t) => t.modelName === c.function.name))",
    imports: `import { ${imported.join(", ")} } from ${JSON.stringify(context.server.packageName)};`,
    intro: all
      ? "Every tool of the manifest goes to the model."
      : `OpenAI takes at most ${openAiToolLimit} tools a request and the package has ` +
        `${context.server.tools.length}, so the tools are those \`selectTools\` picks for the request (at most ` +
        '20), as in "OpenAI" above.',
  };
}

export function modelExamples(context: EmitContext): ModelExample[] {
  const { packageName } = context.server;
  const from = JSON.stringify(packageName);
  // The AI SDK narrows the tools sent at every step (`activeTools`): over OpenAI's limit, every tool
  // is defined and `prepareToolSearch` re-selects, from the latest user message, the ones each step sends.
  const narrowed = !withinOpenAiLimit(context.server.tools.length);
  const aiSdk = narrowed
    ? {
        source: "manifest.tools",
        imports: `import { handleToolCall, manifest, prepareToolSearch } from ${from};`,
        intro:
          `OpenAI takes at most ${openAiToolLimit} tools a request and the package has ` +
          `${context.server.tools.length}, so every tool is defined but \`prepareToolSearch({ limit: 20 })\` (a ` +
          "`prepareStep`) makes active at each step only the tools already called and the best 20 matches for " +
          "the latest user message: the tools sent follow the conversation instead of being picked once.",
      }
    : exampleTools(context, ["handleToolCall", "manifest"]);
  const langChain = exampleTools(context, ["handleToolCall", "langChainSchema", "manifest", "schemaOf"]);
  const agents = exampleTools(
    context,
    ["handleToolCall", "manifest", "openAiParameters", "schemaOf"],
    ["OpenAiToolParameters"],
  );
  return [
    {
      title: "OpenAI",
      intro:
        "With `openai` 7 (Chat Completions), a complete loop. Chat Completions cannot defer tools, so " +
        "`selectTools` sends the chat tools that best match the request (at most 20 by default, never over " +
        "OpenAI's 128), strict where a tool allows it; `handleToolCall` drops the nulls strict mode sends for " +
        "omitted arguments. A tool message carries the tool's value, or the package's message for a failed call. " +
        'For the Responses API see "OpenAI Responses, tool search" below.',
      lang: "ts",
      code: [
        'import OpenAI from "openai";',
        `import { handleToolCall, selectTools } from ${from};`,
        "",
        'const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: prompt }];',
        "for (let turns = 5, done = false; !done && turns-- > 0;) {",
        '  const { message } = (await new OpenAI().chat.completions.create({ model: "gpt-5.5", messages, tools: ' +
          "selectTools(prompt) })).choices[0]!;",
        "  messages.push(message);",
        "  done = !message.tool_calls?.length;",
        '  for (const call of message.tool_calls ?? []) if (call.type === "function") messages.push({ role: ' +
          '"tool", tool_call_id: call.id,',
        "    content: (await handleToolCall(client, call.function.name, call.function.arguments)).content[0].text });",
        "}",
      ].join("\n"),
    },
    {
      title: "Anthropic",
      intro:
        "With `@anthropic-ai/sdk` (Messages API), a complete loop over `tools/anthropic.json`: each " +
        "`tool_result` carries the tool's value, or the package's message with `is_error: true`.",
      lang: "ts",
      code: [
        'import Anthropic from "@anthropic-ai/sdk";',
        jsonImport(packageName, "anthropic"),
        `import { handleToolCall } from ${from};`,
        "",
        ...anthropicLoop(),
      ].join("\n"),
    },
    {
      title: "Vercel AI SDK",
      intro:
        "With `ai` 7, which runs the steps itself (`stopWhen`). Each tool's JSON Schema goes to the model as " +
        "plain JSON Schema and `execute` checks the arguments with `handleToolCall`: the model reads only the " +
        "tool's value, and a failed call as a tool error carrying the package's message (the AI SDK's own check " +
        "would repeat the arguments, secrets included). `model` is any AI SDK model, such as " +
        `\`openai("gpt-5.5")\` from \`@ai-sdk/openai\`. ${aiSdk.intro}`,
      lang: "ts",
      code: [
        'import { generateText, jsonSchema, stepCountIs, tool } from "ai";',
        aiSdk.imports,
        "",
        ...aiSdkTools(aiSdk.source),
        "const { text, steps } = await generateText({ model, tools, " +
          `${narrowed ? "prepareStep: prepareToolSearch({ limit: 20 }), " : ""}stopWhen: stepCountIs(5), prompt ` +
          "});",
      ].join("\n"),
    },
    {
      title: "LangChain",
      intro:
        "With `@langchain/core` tools, a complete loop (LangGraph's `ToolNode` takes the same tools). " +
        "`langChainSchema` hands LangChain the tool's Standard Schema, so the model gets its JSON Schema and " +
        "the check is left to `handleToolCall`; each tool answers with a `ToolMessage` whose status is " +
        '`"error"` for a failed call, so `Promise.all` over the calls never throws. `model` is any chat ' +
        `model that calls tools, such as \`ChatOpenAI\` from \`@langchain/openai\`. ${langChain.intro}`,
      lang: "ts",
      code: [
        'import { HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";',
        'import { tool } from "@langchain/core/tools";',
        langChain.imports,
        "",
        `const tools = ${langChain.source}.map((t) => tool(async (args: unknown, { toolCall }) => ` +
          "handleToolCall(client, t.name, args).then((r) =>",
        '  new ToolMessage({ content: r.content[0].text, tool_call_id: toolCall?.id ?? "", status: r.isError ? ' +
          '"error" : "success" })),',
        "  { name: t.modelName, description: t.modelDescription, schema: langChainSchema(schemaOf(t.name)) }));",
        "const messages: BaseMessage[] = [new HumanMessage(prompt)];",
        "const ask = () => model.bindTools(tools).invoke(messages);",
        "for (let reply = await ask(); reply.tool_calls?.length; reply = await ask()) {",
        "  messages.push(reply, ...(await Promise.all(reply.tool_calls.map((call) => tools.find((t) => t.name === " +
          "call.name)!.invoke(call)))));",
        "}",
      ].join("\n"),
    },
    {
      title: "OpenAI Agents",
      intro:
        "With `@openai/agents`, which runs the loop itself. `openAiParameters` gives each tool the form the " +
        "package's OpenAI tool files use, as plain JSON Schema: strict where the tool allows it, and non-strict " +
        "(`strict: false`) for a tool with an object of unlisted keys or parameters not shown, which strict " +
        "mode would close (the type argument lets `tool` take either form). `execute` checks the arguments " +
        "with `handleToolCall`, which drops the nulls strict mode sends: the model reads the tool's value, or " +
        `the package's message (the agents' own check of a schema would answer only "Invalid JSON input for ` +
        `tool"). ${agents.intro}`,
      lang: "ts",
      code: [
        'import { Agent, run, tool } from "@openai/agents";',
        agents.imports,
        "",
        `const tools = ${agents.source}.map((t) => tool<OpenAiToolParameters>({ name: t.modelName, description: ` +
          "t.modelDescription, ...openAiParameters(schemaOf(t.name)),",
        "  execute: async (args) => (await handleToolCall(client, t.name, args)).content[0].text }));",
        'const agent = new Agent({ name: "assistant", instructions: "Answer with the tools.", model: "gpt-5.5", ' +
          "tools });",
        "const { finalOutput } = await run(agent, prompt);",
      ].join("\n"),
    },
    {
      title: "MCP",
      intro:
        "`@toolcat/mcp` serves the package over the Model Context Protocol (stdio), listing each tool under its " +
        `model name with its model description: \`npx @toolcat/mcp ${packageName}\`. A call's result reads as ` +
        "`handleToolCall`'s does. In code, with `@modelcontextprotocol/server` installed too, over your " +
        "client:",
      lang: "ts",
      code: mcpServerCode(from, "{ toolkit, client }"),
    },
  ];
}
