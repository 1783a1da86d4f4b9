// The package's tools in the formats model providers read, as JSON files a user passes straight to
// the provider (`import tools from "@toolcat/cloud-sheets/tools/openai-chat.json" with { type: "json" }`):
// OpenAI Chat Completions and Responses (strict chosen per tool), Anthropic Messages and MCP.
import type { GeneratedFile } from "../../core/files.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import { anthropicTool, mcpTool, modelTool, openAiChatTool, openAiResponsesTool, type ModelTool } from "./provider-tools.ts";

const formats: readonly { readonly file: string; readonly convert: (tool: ModelTool) => unknown }[] = [
  { file: "tools/openai-chat.json", convert: openAiChatTool },
  { file: "tools/openai-responses.json", convert: openAiResponsesTool },
  { file: "tools/anthropic.json", convert: anthropicTool },
  { file: "tools/mcp.json", convert: mcpTool },
];

export const modelToolsEmitter: Emitter = {
  id: "model-tools",
  outputs: formats.map((f) => f.file),
  exports: { "./tools/*.json": "./tools/*.json" },
  emit: (context) => emitModelTools(context),
};

function emitModelTools(context: EmitContext): GeneratedFile[] {
  const tools = context.server.tools.map((tool) => modelTool(context.server, tool, context.toolMode));
  return formats.map(({ file, convert }) => ({
    path: `${packageDir(context)}/${file}`,
    text: `${JSON.stringify(tools.map(convert), null, 2)}\n`,
  }));
}
