// Emits src/routes.ts: tool search on each model route, bound to the package's searchTools.
// `anthropicSearchTool` and `anthropicSearch` (client-side search answering with tool_reference
// blocks), `selectTools` (OpenAI Chat Completions: the chat tool objects of the best matches) and
// `prepareToolSearch` (an AI SDK prepareStep). The chat tools are made from the manifest by the
// runtime's OpenAI lowering, the one tools/openai-chat.json is generated with: no file is read, so
// selectTools works in any JavaScript runtime and bundle, like the search itself.
import type { GeneratedFile } from "../../core/files.ts";
import { routesModule } from "../../ir/generated-identifiers.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import {
  internalNames,
  runtimeInternalModule,
  runtimeModule,
  runtimeNames,
  runtimeTypeNames,
} from "../core/runtime-names.ts";
import { call, laidOut, prefixed, pure } from "../core/layout.ts";
import { exportConst, functionDeclaration, nameList, printTypeScript } from "../core/source-file.ts";

const runtimeImports = runtimeNames(routesModule.runtime);
const runtimeTypes = runtimeTypeNames(routesModule.runtimeTypes);
const internalImports = internalNames(routesModule.internal);
const chatTools = routesModule.chatTools;

export const routesEmitter: Emitter = {
  id: "routes",
  outputs: ["src/routes.ts"],
  index: { module: "./routes.js", names: routesModule.exports, types: routesModule.exportedTypes },
  emit: (context) => [emitRoutes(context)],
};

function emitRoutes(context: EmitContext): GeneratedFile {
  const { server } = context;
  const statements = [
    nameList("import", runtimeImports, runtimeModule),
    nameList("import type", runtimeTypes, runtimeModule),
    nameList("import", internalImports, runtimeInternalModule),
    nameList("import", ["manifest"], "./manifest.js"),
    nameList("import", ["searchTools"], "./search.js"),
    // The runtime's type of a tools/openai-chat.json entry, under the name the package has always exported.
    "/** An OpenAI Chat Completions tool, as in tools/openai-chat.json. */\nexport type ChatTool = OpenAiChatTool;",
    laidOut(prefixed(`const ${chatTools} = `, pure(call("manifestChatTools", ["manifest"]))), ";"),
    exportConst({
      doc:
        `Anthropic client-side tool search: a custom tool that finds ${server.name} tools; send it with ` +
        "tools/anthropic-deferred.json's tools (every one deferred) and answer its calls with `anthropicSearch`.",
      name: "anthropicSearchTool",
      value: pure("anthropicSearchToolFor([manifest])"),
    }),
    functionDeclaration({
      exported: true,
      doc:
        "Answers a call of `anthropicSearchTool` (its tool_use block): a tool_result of tool_reference blocks, " +
        "which load the tools found; bad input comes back as an `is_error` result. Never throws.",
      name: "anthropicSearch",
      parameters: ["call: { readonly id: string; readonly input: unknown }"],
      returnType: "AnthropicSearchResult",
      body: (w) => void w.writeLine("return anthropicSearchResult(searchTools, call);"),
    }),
    functionDeclaration({
      exported: true,
      doc: [
        `OpenAI Chat Completions, which cannot defer tools: the chat tools of the ${server.name} tools that best match`,
        "`query`, at most `limit` (default 20, 1 to 128; the search ranks at most 50). Throws ToolSearchError " +
          "on bad input.",
      ].join(" "),
      name: "selectTools",
      parameters: ["query: string", "options?: { readonly limit?: number }"],
      returnType: "ChatTool[]",
      body: (w) => void w.writeLine("return selectChatTools(searchTools, chatTools, query, options);"),
    }),
    functionDeclaration({
      exported: true,
      doc:
        "A Vercel AI SDK `prepareStep`: each step, `activeTools` are the tools already called plus the best " +
        "`limit` (default 5) matches for the latest user message.",
      name: "prepareToolSearch",
      parameters: ["options?: { readonly limit?: number }"],
      returnType: "ReturnType<typeof prepareToolSearchStep>",
      body: (w) => void w.writeLine("return prepareToolSearchStep(searchTools, options);"),
    }),
  ];
  return printTypeScript(server, `${packageDir(context)}/src/routes.ts`, statements);
}
