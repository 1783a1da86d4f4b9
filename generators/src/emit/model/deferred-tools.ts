// Tool files for the routes where the provider loads tools on demand: every tool is present with
// `defer_loading: true`, so the model starts with only the search entry (and, for OpenAI, each
// namespace's name and description) and a search brings in the definitions it needs.
// - Anthropic Messages: the server-side BM25 tool search tool first, then every tool deferred.
//   A client-side search instead sends the package's `anthropicSearchTool` with the deferred tools.
// - OpenAI Responses: `tool_search`, then one namespace per toolset (a spec's topic headings, or the
//   whole server), its functions deferred; OpenAI documents namespaces as what its models search best.
import type { GeneratedFile } from "../../core/files.ts";
import { toolGroups, type ToolGroup } from "../../ir/groups.ts";
import { toolFileModule } from "../../ir/generated-identifiers.ts";
import type { Server } from "../../ir/types.ts";
import type { EmitContext, Emitter } from "../core/emitter.ts";
import { anthropicTool, modelTool, openAiResponsesTool } from "./provider-tools.ts";
import { declarationPath, toolFile } from "./tools.ts";
import { vocabulary, vocabularyText } from "./vocabulary.ts";

/** Anthropic's server tool, by the `type` and `name` its Messages API documents for the BM25 variant. */
export const anthropicBm25SearchTool = {
  type: "tool_search_tool_bm25_20251119",
  name: "tool_search_tool_bm25",
} as const;

export const deferredFiles = {
  anthropic: "tools/anthropic-deferred.json",
  openAiResponses: "tools/openai-responses-deferred.json",
} as const;

export const deferredToolsEmitter: Emitter = {
  id: "deferred-tools",
  outputs: Object.values(deferredFiles).flatMap((path) => [path, declarationPath(path)]),
  emit: emitDeferredTools,
};

function emitDeferredTools(context: EmitContext): GeneratedFile[] {
  const { server, toolMode } = context;
  const model = (group: ToolGroup) => group.tools.map((tool) => modelTool(server, tool, toolMode));
  const anthropic = [
    anthropicBm25SearchTool,
    ...server.tools.map((tool) => ({ ...anthropicTool(modelTool(server, tool, toolMode)), defer_loading: true })),
  ];
  const openAi = [
    { type: "tool_search" },
    ...toolGroups(server).map((group) => ({
      type: "namespace",
      name: group.namespace,
      description: namespaceDescription(server, group),
      tools: model(group).map((tool) => ({ ...openAiResponsesTool(tool), defer_loading: true })),
    })),
  ];
  return [
    ...toolFile(context, deferredFiles.anthropic, anthropic, toolFileModule.types.anthropicDeferred),
    ...toolFile(context, deferredFiles.openAiResponses, openAi, toolFileModule.types.openAiResponsesDeferred),
  ];
}

/** What a model reads of a namespace before any search: whose tools, which heading, in the catalog's words. */
export function namespaceDescription(server: Server, group: ToolGroup): string {
  const whose = `${server.name} tools (${server.domain})`;
  const heading =
    group.title === undefined
      ? group.tools.length === server.tools.length
        ? ""
        : " without a topic heading"
      : ` for ${group.title}`;
  // The server's keywords already show in `whose`; the toolset's own nouns and verbs tell namespaces apart.
  const { objects, actions } = vocabulary(server, group.tools);
  return [`${whose}${heading}: ${group.tools.length} tools.`, vocabularyText({ keywords: [], objects, actions })]
    .filter((text) => text !== "")
    .join(" ");
}
