// The README's tool search examples, one per model route, each a complete multi-turn loop: the
// model starts with a search tool (or a narrowed tool list) instead of every tool. Like the other
// model examples they use only the package name and fixed export names, and the e2e suite
// type-checks and runs each against scripted model turns.
import { hasGroups } from "../../ir/groups.ts";
import type { EmitContext } from "../core/emitter.ts";
import { openAiToolLimit, withinOpenAiLimit } from "../model/tools.ts";
import { aiSdkTools, anthropicAnswer, anthropicLoop, jsonImport, mcpServerCode, type ModelExample } from "./model.ts";

/** What the package's tools/ holds, in sentences (no spec text): the README's "Use with a model" opening. */
export function toolFilesText(context: EmitContext): string {
  const { server } = context;
  const whole = withinOpenAiLimit(server.tools.length)
    ? "Every tool ships in each provider's format under `tools/` (`openai-chat.json`, " +
      "`openai-responses.json`, `anthropic.json`, `gemini.json`, `mcp.json`)."
    : "Every tool ships under `tools/` in Anthropic's, Gemini's and MCP's formats (`anthropic.json`, " +
      `\`gemini.json\`, \`mcp.json\`); OpenAI takes at most ${openAiToolLimit} tools a request, so the ` +
      `${server.tools.length} tools come in OpenAI's formats only per group, through \`selectTools\` and in the ` +
      "deferred file.";
  const groups = hasGroups(server)
    ? " Each group's tools (the spec's topic headings; `other` for the rest) are in `tools/groups/<group>/`, " +
      "in every format."
    : "";
  return (
    `${whole}${groups} \`tools/anthropic-deferred.json\` and \`tools/openai-responses-deferred.json\` hold every ` +
    "tool deferred, for tool search (below)."
  );
}

export function searchExamples(context: EmitContext): ModelExample[] {
  const { packageName } = context.server;
  const from = JSON.stringify(packageName);
  return [
    {
      title: "OpenAI Responses, tool search",
      intro:
        "With `openai` 7 and a model that supports `tool_search`, such as gpt-5.5, a complete loop. " +
        "`tools/openai-responses-deferred.json` holds the hosted `tool_search` tool and every tool with " +
        "`defer_loading: true`, in namespaces (one per group where the spec has groups): before searching, the " +
        "model sees only the namespaces' names and descriptions. Each `function_call_output` carries the tool's " +
        "value, or the package's message for a failed call.",
      lang: "ts",
      code: [
        'import OpenAI from "openai";',
        jsonImport(packageName, "openai-responses-deferred"),
        `import { handleToolCall } from ${from};`,
        "",
        "const ask = (input: OpenAI.Responses.ResponseInput, previous: string | null = null) =>",
        '  new OpenAI().responses.create({ model: "gpt-5.5", input, tools, previous_response_id: previous });',
        'for (let response = await ask([{ role: "user", content: prompt }]), turns = 5; turns-- > 0;) {',
        '  const calls = response.output.filter((o) => o.type === "function_call");',
        "  if (calls.length === 0) break;",
        "  response = await ask(await Promise.all(calls.map((c) => handleToolCall(client, c.name, " +
          "c.arguments).then((r): OpenAI.Responses.ResponseInputItem =>",
        '    ({ type: "function_call_output", call_id: c.call_id, output: r.content[0].text })))), response.id);',
        "}",
      ].join("\n"),
    },
    {
      title: "Anthropic, tool search",
      intro:
        "With `@anthropic-ai/sdk`. `tools/anthropic-deferred.json` holds Anthropic's server-side BM25 tool " +
        "search tool and every tool with `defer_loading: true`: the model searches, Anthropic loads the tools " +
        "it finds, and you run the calls as usual.",
      lang: "ts",
      code: [
        'import Anthropic from "@anthropic-ai/sdk";',
        jsonImport(packageName, "anthropic-deferred"),
        `import { handleToolCall } from ${from};`,
        "",
        ...anthropicLoop(),
      ].join("\n"),
    },
    {
      title: "Anthropic, client-side search",
      intro:
        "For your own ranking: `anthropicSearchTool` is a regular tool that searches with the package's " +
        "`searchTools`, and `anthropicSearch` answers its calls with `tool_reference` blocks, which load " +
        "the deferred tools found. `searchTools` (and `createToolSearch` over several packages) is lexical " +
        "and runs in any JavaScript runtime: it ranks by the words of each tool's name, the catalog's synonyms, " +
        "WordNet and the tool's description and parameters, with no language model. What that gives up: a request " +
        'in everyday words the catalog never uses ("rolodex" for contacts) finds its tool only through a word ' +
        "they share; each hit's `confidence` (0 to 1, the share of the query's words it matched) says when hits " +
        "are weak.",
      lang: "ts",
      code: [
        'import Anthropic from "@anthropic-ai/sdk";',
        jsonImport(packageName, "anthropic-deferred", "deferred"),
        `import { anthropicSearch, anthropicSearchTool, handleToolCall } from ${from};`,
        "",
        "const tools: Anthropic.ToolUnion[] = [anthropicSearchTool, ...deferred.slice(1)];",
        ...anthropicLoop(`b.name === anthropicSearchTool.name ? anthropicSearch(b) : ${anthropicAnswer}`),
      ].join("\n"),
    },
    {
      title: "Vercel AI SDK, active tools",
      intro:
        "With `ai` 7: `prepareToolSearch()` is a `prepareStep` that, each step, makes active only the tools " +
        "already called and the best matches for the latest user message, so the model reads a few tool " +
        'definitions instead of all of them. The tools are built as in "Vercel AI SDK" above.',
      lang: "ts",
      code: [
        'import { generateText, jsonSchema, stepCountIs, tool } from "ai";',
        `import { handleToolCall, manifest, prepareToolSearch } from ${from};`,
        "",
        ...aiSdkTools(),
        "const { text, steps } = await generateText({ model, tools, prepareStep: prepareToolSearch(), stopWhen: " +
          "stepCountIs(5), prompt });",
      ].join("\n"),
    },
    {
      title: "MCP, search mode",
      intro:
        `\`npx @toolcat/mcp --mode search ${packageName}\` lists three tools instead of every tool: ` +
        "`search_tools` (`{ query, limit? }`), `describe_tools` (`{ names }`: full descriptions and input " +
        "schemas) and `call_tool` (`{ name, arguments }`: the result a direct call gives). In code, with " +
        "`@modelcontextprotocol/server` installed too:",
      lang: "ts",
      code: mcpServerCode(from, '{ toolkit, client, mode: "search" }'),
    },
  ];
}
