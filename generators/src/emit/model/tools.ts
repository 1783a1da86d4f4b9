// The package's tools in the formats model providers read, as JSON files a user passes straight to
// the provider (`import tools from "@toolcat/cloud-sheets/tools/openai-chat.json" with { type: "json" }`):
// OpenAI Chat Completions and Responses (strict chosen per tool), Anthropic Messages and MCP.
// OpenAI accepts at most 128 tools in one request, so an OpenAI list that would hold more is not
// shipped: such a package's tools come in its per-group files (group-tools.ts) and through
// `selectTools` or the deferred files instead.
import type { GeneratedFile } from "../../core/files.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import { anthropicTool, mcpTool, modelTool, openAiChatTool, openAiResponsesTool, type ModelTool } from "./provider-tools.ts";

/** The most tools OpenAI takes in one request's `tools` (Chat Completions and Responses alike). */
export const openAiToolLimit = 128;

export interface ToolFormat {
  /** File name in a tools directory. */
  readonly file: string;
  readonly convert: (tool: ModelTool) => unknown;
  /** An OpenAI list, held to `openAiToolLimit` tools. */
  readonly openAi: boolean;
}

export const toolFormats: readonly ToolFormat[] = [
  { file: "openai-chat.json", convert: openAiChatTool, openAi: true },
  { file: "openai-responses.json", convert: openAiResponsesTool, openAi: true },
  { file: "anthropic.json", convert: anthropicTool, openAi: false },
  { file: "mcp.json", convert: mcpTool, openAi: false },
];

const files = (formats: readonly ToolFormat[]): string[] => formats.map((format) => `tools/${format.file}`);

export const modelToolsEmitter: Emitter = {
  id: "model-tools",
  outputs: files(toolFormats.filter((format) => !format.openAi)),
  conditionalOutputs: files(toolFormats.filter((format) => format.openAi)),
  exports: { "./tools/*.json": "./tools/*.json" },
  emit: (context) => toolFiles(context, "tools", context.server.tools.map((tool) => modelTool(context.server, tool, context.toolMode))),
};

/** One file per format in `dir` of the package, OpenAI formats only for lists OpenAI accepts. */
export function toolFiles(context: EmitContext, dir: string, tools: readonly ModelTool[]): GeneratedFile[] {
  return toolFormats
    .filter((format) => !format.openAi || tools.length <= openAiToolLimit)
    .map(({ file, convert }) => ({ path: `${packageDir(context)}/${dir}/${file}`, text: `${JSON.stringify(tools.map(convert), null, 2)}\n` }));
}
