// Tool search on each model route, over a package's (or several packages') searchTools:
// - Anthropic, client-side: a regular tool whose result is `tool_reference` blocks, which load the
//   named deferred tools (sent with `defer_loading: true`) into the model's context;
// - OpenAI Chat Completions, which has no deferral: the chat tool objects of the best matches, at
//   most `limit` of them (OpenAI takes at most 128 tools a request);
// - Vercel AI SDK: a `prepareStep` that narrows `activeTools` each step to what the conversation needs.
// Bad input never throws out of the model loop: it becomes a result the model can read.
import { ToolSearchError } from "./errors.js";
import { lowerOpenAiStrict } from "./lowering/openai-strict.js";
import type { Manifest, ManifestTool } from "./manifest.js";
import type { ToolSearchOptions } from "./search/options.js";
import type { ToolSearchHit } from "./search/tool-search.js";
import type { OpenAiChatTool, ToolInputSchema } from "./tool-files.js";
import { searchQueryDescription, searchToolDescription } from "./tool-search-text.js";

/** A package's `searchTools`, or `createToolSearch(packages).search`. */
export type SearchFunction = (query: string, options?: ToolSearchOptions) => ToolSearchHit[];

/** The Anthropic client-side search tool's name, and the longest query a model may send (the search API's). */
const searchToolName = "search_tools";
const maxQueryLength = 500;

/** An Anthropic Messages custom tool that searches the given packages' tools. */
export function anthropicSearchToolFor(manifests: readonly Pick<Manifest, "server" | "vocabulary">[]) {
  return {
    name: searchToolName,
    description: searchToolDescription(manifests, "The tools found are loaded for you to call next."),
    input_schema: {
      type: "object" as const,
      properties: {
        query: { type: "string", description: searchQueryDescription(manifests) },
        limit: { type: "integer", minimum: 1, maximum: 50, description: "Most tools loaded (default 5)." },
      },
      required: ["query"],
    },
  };
}

/** What answers a search_tools call: tool_reference blocks for the hits, or the error as text. */
export interface AnthropicSearchResult {
  readonly type: "tool_result";
  readonly tool_use_id: string;
  readonly content: { readonly type: "tool_reference"; readonly tool_name: string }[] | string;
  readonly is_error: boolean;
}

/** Runs a search_tools call a model made (`{ id, input }` of its tool_use block). Never throws. */
export function anthropicSearchResult(
  search: SearchFunction,
  call: { readonly id: string; readonly input: unknown },
): AnthropicSearchResult {
  const answer = (content: AnthropicSearchResult["content"], isError: boolean): AnthropicSearchResult => ({
    type: "tool_result",
    tool_use_id: call.id,
    content,
    is_error: isError,
  });
  const input = typeof call.input === "object" && call.input !== null ? (call.input as Record<string, unknown>) : {};
  try {
    const hits = search(
      input["query"] as string,
      input["limit"] === undefined ? undefined : { limit: input["limit"] as number },
    );
    if (hits.length === 0) return answer("no tool matches; search again in other words", false);
    return answer(
      hits.map((hit) => ({ type: "tool_reference", tool_name: hit.modelName })),
      false,
    );
  } catch (error) {
    return answer(error instanceof ToolSearchError ? error.message : `the search failed: ${String(error)}`, true);
  }
}

/** The most chat tools selectTools returns by default, and at most (OpenAI's per-request limit). */
const selectLimits = { default: 20, max: 128 } as const;

/**
 * The chat tool objects of the best matches for `query`, at most `limit` (default 20, 1 to 128).
 * The search ranks at most 50 tools, so more are never returned. Throws ToolSearchError on bad input.
 */
export function selectChatTools<T>(
  search: SearchFunction,
  chatTool: (modelName: string) => T | undefined,
  query: string,
  options: { readonly limit?: number } = {},
): T[] {
  const limit = options.limit ?? selectLimits.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > selectLimits.max) {
    throw new ToolSearchError(
      "limit",
      `limit must be a whole number from 1 to ${selectLimits.max}, got ${String(limit)}`,
    );
  }
  return search(query, { limit: Math.min(limit, 50) }).flatMap((hit) => chatTool(hit.modelName) ?? []);
}

/**
 * The Chat Completions tool of each manifest tool by model name, made on first use with the OpenAI
 * lowering the package's tools/openai-chat.json was generated with, so it is the same object. It
 * needs only the manifest the package already imports: no file is read, in any runtime.
 */
export function manifestChatTools(
  manifest: Pick<Manifest, "tools">,
): (modelName: string) => OpenAiChatTool | undefined {
  let byName: Map<string, ManifestTool> | undefined;
  const made = new Map<string, OpenAiChatTool>();
  return (modelName) => {
    byName ??= new Map(manifest.tools.map((tool) => [tool.modelName, tool]));
    const tool = byName.get(modelName);
    if (tool === undefined) return undefined;
    let chat = made.get(modelName);
    if (chat === undefined) {
      const lowered = lowerOpenAiStrict(tool.inputSchema);
      const parameters = lowered.schema as ToolInputSchema;
      chat = {
        type: "function",
        function: { name: tool.modelName, description: tool.modelDescription, parameters, strict: lowered.strict },
      };
      made.set(modelName, chat);
    }
    return chat;
  };
}

interface StepMessage {
  readonly role: string;
  readonly content: unknown;
}

/**
 * An AI SDK `prepareStep`: each step, the tools active are those the conversation already called
 * plus the best `limit` matches for the latest user message (the last 500 characters of its text).
 */
export function prepareToolSearchStep(search: SearchFunction, options: { readonly limit?: number } = {}) {
  return ({ messages }: { readonly messages: readonly StepMessage[] }): { activeTools: string[] } => {
    const parts = (message: StepMessage): { type?: unknown; text?: unknown; toolName?: unknown }[] =>
      Array.isArray(message.content) ? (message.content as never[]) : [{ type: "text", text: message.content }];
    const called = messages.flatMap((m) =>
      parts(m).flatMap((p) => (p.type === "tool-call" && typeof p.toolName === "string" ? [p.toolName] : [])),
    );
    const latest = [...messages].reverse().find((m) => m.role === "user");
    const text =
      latest === undefined
        ? ""
        : parts(latest)
            .flatMap((p) => (p.type === "text" && typeof p.text === "string" ? [p.text] : []))
            .join(" ");
    const query = text.slice(-maxQueryLength);
    const hits = query.trim() === "" ? [] : search(query, { limit: options.limit ?? 5 });
    return { activeTools: [...new Set([...called, ...hits.map((hit) => hit.modelName)])] };
  };
}
