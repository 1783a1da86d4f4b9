// The README's "Use with a model" examples: OpenAI, Anthropic, the AI SDK, LangChain and MCP, each
// a few lines of glue over the package's tools/*.json, manifest, toolSchemas and handleToolCall.
// They use only the package name and fixed export names; the e2e suite extracts, type-checks and runs them
// against scripted model turns.
import type { EmitContext } from "../core/emitter.ts";

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

export function modelExamples(context: EmitContext): ModelExample[] {
  const { packageName } = context.server;
  const from = JSON.stringify(packageName);
  const json = (file: string): string => jsonImport(packageName, file);
  return [
    {
      title: "OpenAI",
      intro: "With `openai` 7 (Chat Completions), a complete loop. Chat Completions cannot defer tools, so `selectTools` sends the chat tools that best match the request (at most 20 by default, never over OpenAI's 128), strict where a tool allows it; `handleToolCall` drops the nulls strict mode sends for omitted arguments. For the Responses API see \"OpenAI Responses, tool search\" below.",
      lang: "ts",
      code: [
        'import OpenAI from "openai";',
        `import { handleToolCall, selectTools } from ${from};`,
        "",
        'const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: prompt }];',
        "for (let turns = 5, done = false; !done && turns-- > 0;) {",
        '  const { message } = (await new OpenAI().chat.completions.create({ model: "gpt-5.5", messages, tools: selectTools(prompt) })).choices[0]!;',
        "  messages.push(message);",
        "  done = !message.tool_calls?.length;",
        '  for (const call of message.tool_calls ?? []) if (call.type === "function") messages.push({ role: "tool", tool_call_id: call.id,',
        "    content: (await handleToolCall(client, call.function.name, call.function.arguments)).content[0].text });",
        "}",
      ].join("\n"),
    },
    {
      title: "Anthropic",
      intro: "With `@anthropic-ai/sdk` (Messages API).",
      lang: "ts",
      code: [
        'import Anthropic from "@anthropic-ai/sdk";',
        json("anthropic"),
        `import { handleToolCall } from ${from};`,
        "",
        'const messages: Anthropic.MessageParam[] = [{ role: "user", content: prompt }];',
        'const reply = await new Anthropic().messages.create({ model: "claude-sonnet-5", max_tokens: 1024, messages, tools: tools as Anthropic.Tool[] });',
        'const results = await Promise.all(reply.content.filter((b) => b.type === "tool_use").map((b) => handleToolCall(client, b.name, b.input)',
        '  .then((r) => ({ type: "tool_result" as const, tool_use_id: b.id, content: r.content[0].text, is_error: r.isError }))));',
        'messages.push({ role: "assistant", content: reply.content }, { role: "user", content: results });',
      ].join("\n"),
    },
    {
      title: "Vercel AI SDK",
      intro: "With `ai` 7, which takes each tool's Standard Schema as it is (its JSON Schema for the model, the package validator for the arguments). `execute` returns only the tool's value, so that is all the model reads, and throws the package's text for a failed call, which the AI SDK sends as a tool error. `model` is any AI SDK model, such as `openai(\"gpt-5.5\")` from `@ai-sdk/openai`.",
      lang: "ts",
      code: [
        'import { generateText, stepCountIs, tool } from "ai";',
        `import { handleToolCall, manifest, schemaOf } from ${from};`,
        "",
        "const tools = Object.fromEntries(manifest.tools.map((t) => [t.modelName, tool({",
        "  description: t.modelDescription, inputSchema: schemaOf(t.name), execute: async (args) => {",
        "    const result = await handleToolCall(client, t.name, args);",
        "    if (result.isError) throw new Error(result.content[0].text);",
        "    return result.structuredContent ?? result.content[0].text;",
        "  },",
        "})]));",
        "const { text, steps } = await generateText({ model, tools, stopWhen: stepCountIs(3), prompt });",
      ].join("\n"),
    },
    {
      title: "LangChain",
      intro: "With `@langchain/core` tools. `model` is any chat model that calls tools, such as `ChatOpenAI` from `@langchain/openai`. LangChain checks arguments against the JSON Schema itself before the tool runs and throws `ToolInputParsingException` for arguments that break it; agents (LangGraph's `ToolNode`) hand that error to the model.",
      lang: "ts",
      code: [
        'import { tool } from "@langchain/core/tools";',
        `import { handleToolCall, manifest } from ${from};`,
        "",
        "const tools = manifest.tools.map((t) => tool(async (args: unknown) => (await handleToolCall(client, t.name, args)).content[0].text,",
        "  { name: t.modelName, description: t.modelDescription, schema: t.inputSchema }));",
        "const reply = await model.bindTools(tools).invoke(prompt);",
        "const results = await Promise.all(reply.tool_calls!.map((call) => tools.find((t) => t.name === call.name)!.invoke(call)));",
      ].join("\n"),
    },
    {
      title: "MCP",
      intro: `\`@toolcat/mcp\` serves the package over the Model Context Protocol (stdio), listing each tool under its model name with its model description: \`npx @toolcat/mcp ${packageName}\`. In code, over your client:`,
      lang: "ts",
      code: mcpServerCode(from, "{ toolkit, client }"),
    },
  ];
}
