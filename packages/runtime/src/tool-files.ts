// The types of a generated package's tool files (tools/*.json and tools/groups/<group>/*.json). Each
// file ships with a declaration beside it that types its default export with one of these, so
// `import tools from "@toolcat/<server>/tools/anthropic.json" with { type: "json" }` passes straight
// to the provider's SDK without a cast. Arrays are mutable because the SDKs' parameters are.

/** A tool's input schema in a provider form: an object schema (the rest as each form allows). */
export interface ToolInputSchema {
  readonly type: "object";
  readonly [keyword: string]: unknown;
}

/** OpenAI function fields, shared by Chat Completions and Responses. */
export interface OpenAiFunction {
  readonly name: string;
  readonly description: string;
  readonly parameters: ToolInputSchema;
  readonly strict: boolean;
}

/** tools/openai-chat.json: Chat Completions `tools[]`. */
export interface OpenAiChatTool {
  readonly type: "function";
  readonly function: OpenAiFunction;
}

/** tools/openai-responses.json: Responses API `tools[]` (flat, no `function` wrapper). */
export interface OpenAiResponsesTool extends OpenAiFunction {
  readonly type: "function";
}

/** An example input of a tool: parameter names to values, one the package's validator accepts. */
export interface ToolInputExample {
  readonly [parameter: string]: unknown;
}

/** tools/anthropic.json: Messages API `tools[]`; `input_examples` where the catalog grounds one to three calls. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: ToolInputSchema;
  readonly input_examples?: ToolInputExample[];
}

/** tools/mcp.json: MCP `Tool` objects; hints only where the catalog states them. */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: ToolInputSchema;
  readonly annotations?: {
    readonly readOnlyHint?: boolean;
    readonly destructiveHint?: boolean;
    readonly idempotentHint?: boolean;
    readonly openWorldHint?: boolean;
  };
}

/** tools/gemini.json: `@google/genai` function declarations (`parametersJsonSchema` form). */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parametersJsonSchema: ToolInputSchema;
}

/** tools/anthropic-deferred.json: Anthropic's server-side BM25 tool search, then every tool deferred. */
export type AnthropicDeferredTool =
  | { readonly type: "tool_search_tool_bm25_20251119"; readonly name: "tool_search_tool_bm25" }
  | (AnthropicTool & { readonly defer_loading: true });

/** tools/openai-responses-deferred.json: `tool_search`, then namespaces of deferred functions. */
export type OpenAiResponsesDeferredTool =
  | { readonly type: "tool_search" }
  | {
      readonly type: "namespace";
      readonly name: string;
      readonly description: string;
      readonly tools: (OpenAiResponsesTool & { readonly defer_loading: true })[];
    };
