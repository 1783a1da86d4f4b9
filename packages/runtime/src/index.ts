// The public API of @toolcat/runtime: what users of generated packages import. Helpers that only
// generated code and the sibling toolcat packages call live in internal/ (@toolcat/runtime/internal);
// the HTTP transport's parts live in http/.
export { formats, type FormatName } from "./formats.js";
export type { IssueCode, ValidationIssue, ValidationResult } from "./validation.js";
export type * from "./manifest.js";
export type { DroppedKeyword } from "./lowering/lowered.js";
export type * from "./tool-files.js";
export * from "./errors.js";
export * from "./secrets.js";
export type * from "./transport.js";
export * from "./memory-transport.js";
// Generated packages re-export the memory transport under this name.
export { createMemoryTransport as createInMemoryTransport } from "./memory-transport.js";
export * from "./http/transport.js";
export type { CallOptions, ClientOptions, ToolCaller, ToolDefinition, WithObjectRequestBody } from "./client.js";
export { RUNTIME_VERSION } from "./version.js";
export { toStandardSchema, type ToolStandardSchema } from "./standard-schema.js";
export {
  strictParameters,
  strictStandardSchema,
  type StrictLoss,
  type StrictParameters,
  type StrictStandardSchema,
} from "./strict-standard-schema.js";
export {
  openAiParameters,
  type NonStrictParameters,
  type OpenAiParameters,
  type OpenAiToolParameters,
} from "./openai-parameters.js";
export { langChainSchema, type LangChainSchema } from "./langchain-schema.js";
export type { JsonSchemaObject, SchemaTarget } from "./schema-targets.js";
export { resolveToolName, type ModelToolIndex } from "./client.js";
export { callTool, type ModelCallTarget, type ModelToolResult, type NamedToolClient } from "./model-call.js";
export { createToolSearch, type ToolSearch, type ToolSearchHit, type ToolSearchPackage } from "./search/tool-search.js";
export type { ToolSearchOptions } from "./search/options.js";
export type { ToolSearchData, ToolSearchDocument, ToolSearchIndex } from "./search/data.js";
export { searchQueryDescription, searchToolDescription } from "./tool-search-text.js";
export {
  anthropicSearchResult,
  anthropicSearchToolFor,
  prepareToolSearchStep,
  selectChatTools,
  type AnthropicSearchResult,
  type SearchFunction,
} from "./search-routes.js";
export type { ToolVocabulary } from "./search/vocabulary.js";
