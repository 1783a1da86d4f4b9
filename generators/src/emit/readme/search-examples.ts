// The README's tool search examples, one per model route, each a complete multi-turn loop: the
// model starts with a search tool (or a narrowed tool list) instead of every tool. Like the other
// model examples they use only the package name and fixed export names, and the e2e suite
// type-checks and runs each against scripted model turns.
import { hasGroups } from "../../ir/groups.ts";
import type { EmitContext } from "../core/emitter.ts";
import { openAiToolLimit } from "../model/tools.ts";
import { jsonImport, mcpServerCode, type ModelExample } from "./model.ts";

/** What the package's tools/ holds, in sentences (no spec text): the README's "Use with a model" opening. */
export function toolFilesText(context: EmitContext): string {
  const { server } = context;
  const whole = server.tools.length <= openAiToolLimit
    ? "Every tool ships in each provider's format under `tools/` (`openai-chat.json`, `openai-responses.json`, `anthropic.json`, `gemini.json`, `mcp.json`)."
    : `Every tool ships under \`tools/\` in Anthropic's, Gemini's and MCP's formats (\`anthropic.json\`, \`gemini.json\`, \`mcp.json\`); OpenAI takes at most ${openAiToolLimit} tools a request, so the ${server.tools.length} tools come in OpenAI's formats only per group, through \`selectTools\` and in the deferred file.`;
  const groups = hasGroups(server) ? " Each group's tools (the spec's topic headings; `other` for the rest) are in `tools/groups/<group>/`, in every format." : "";
  return `${whole}${groups} \`tools/anthropic-deferred.json\` and \`tools/openai-responses-deferred.json\` hold every tool deferred, for tool search (below).`;
}

export function searchExamples(context: EmitContext): ModelExample[] {
  const { packageName } = context.server;
  const from = JSON.stringify(packageName);
  const runCall = 'handleToolCall(client, b.name, b.input).then((r) => ({ type: "tool_result" as const, tool_use_id: b.id, content: r.content[0].text, is_error: r.isError }))';
  /** A Messages loop until the model stops calling tools; `answer` turns one tool_use block `b` into its tool_result. */
  const anthropicLoop = (tools: string, answer: string): string[] => [
    'const messages: Anthropic.MessageParam[] = [{ role: "user", content: prompt }];',
    `const ask = () => new Anthropic().messages.create({ model: "claude-sonnet-5", max_tokens: 1024, messages, tools: ${tools} });`,
    'for (let reply = await ask(); reply.stop_reason === "tool_use"; reply = await ask()) {',
    '  const results = await Promise.all(reply.content.filter((b) => b.type === "tool_use").map((b) =>',
    `    ${answer}));`,
    '  messages.push({ role: "assistant", content: reply.content }, { role: "user", content: results });',
    "}",
  ];
  return [
    {
      title: "OpenAI Responses, tool search",
      intro: "With `openai` 7 and a model that supports `tool_search` (gpt-5.4 or later). `tools/openai-responses-deferred.json` holds the hosted `tool_search` tool and every tool with `defer_loading: true`, in namespaces (one per group where the spec has groups): before searching, the model sees only the namespaces' names and descriptions.",
      lang: "ts",
      code: [
        'import OpenAI from "openai";',
        jsonImport(packageName, "openai-responses-deferred"),
        `import { handleToolCall } from ${from};`,
        "",
        'const ask = (input: OpenAI.Responses.ResponseInput, previous?: string) => new OpenAI().responses.create({ model: "gpt-5.4", input,',
        "  tools: tools as OpenAI.Responses.Tool[], ...(previous === undefined ? {} : { previous_response_id: previous }) });",
        'let response = await ask([{ role: "user", content: prompt }]);',
        'for (let calls = response.output.filter((o) => o.type === "function_call"); calls.length > 0;',
        '  calls = (response = await ask(await Promise.all(calls.map(async (c) => ({ type: "function_call_output" as const, call_id: c.call_id,',
        '    output: (await handleToolCall(client, c.name, c.arguments)).content[0].text }))), response.id)).output.filter((o) => o.type === "function_call"));',
      ].join("\n"),
    },
    {
      title: "Anthropic, tool search",
      intro: "With `@anthropic-ai/sdk`. `tools/anthropic-deferred.json` holds Anthropic's server-side BM25 tool search tool and every tool with `defer_loading: true`: the model searches, Anthropic loads the tools it finds, and you run the calls as usual.",
      lang: "ts",
      code: [
        'import Anthropic from "@anthropic-ai/sdk";',
        jsonImport(packageName, "anthropic-deferred"),
        `import { handleToolCall } from ${from};`,
        "",
        ...anthropicLoop("tools as Anthropic.ToolUnion[]", runCall),
      ].join("\n"),
    },
    {
      title: "Anthropic, client-side search",
      intro: "For your own ranking: `anthropicSearchTool` is a regular tool that searches with the package's `searchTools`, and `anthropicSearch` answers its calls with `tool_reference` blocks, which load the deferred tools found.",
      lang: "ts",
      code: [
        'import Anthropic from "@anthropic-ai/sdk";',
        jsonImport(packageName, "anthropic-deferred", "deferred"),
        `import { anthropicSearch, anthropicSearchTool, handleToolCall } from ${from};`,
        "",
        "const tools = [anthropicSearchTool, ...deferred.slice(1)] as Anthropic.ToolUnion[];",
        ...anthropicLoop("tools", `b.name === anthropicSearchTool.name ? anthropicSearch(b) : ${runCall}`),
      ].join("\n"),
    },
    {
      title: "Vercel AI SDK, active tools",
      intro: "With `ai` 7: `prepareToolSearch()` is a `prepareStep` that, each step, makes active only the tools already called and the best matches for the latest user message, so the model reads a few tool definitions instead of all of them.",
      lang: "ts",
      code: [
        'import { generateText, stepCountIs, tool } from "ai";',
        `import { handleToolCall, manifest, prepareToolSearch, schemaOf } from ${from};`,
        "",
        "const tools = Object.fromEntries(manifest.tools.map((t) => [t.modelName, tool({",
        "  description: t.modelDescription, inputSchema: schemaOf(t.name), execute: (args) => handleToolCall(client, t.name, args),",
        "})]));",
        "const { text, steps } = await generateText({ model, tools, prepareStep: prepareToolSearch(), stopWhen: stepCountIs(5), prompt });",
      ].join("\n"),
    },
    {
      title: "MCP, search mode",
      intro: `\`npx @toolcat/mcp --mode search ${packageName}\` lists three tools instead of every tool: \`search_tools\` (\`{ query, limit? }\`), \`describe_tools\` (\`{ names }\`: full descriptions and input schemas) and \`call_tool\` (\`{ name, arguments }\`: the result a direct call gives). In code:`,
      lang: "ts",
      code: mcpServerCode(from, '{ toolkit, client, mode: "search" }'),
    },
  ];
}
