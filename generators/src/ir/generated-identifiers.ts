// The identifiers generated modules declare or read at module scope whatever the spec says: fixed
// exports, runtime imports, private helpers and the globals the code reads. The emitters print these
// constants and the names record reserves them, so no spec name can derive one. They sit here, below
// both, so the loader reports a clash without knowing any emitter.
import { formatPredicates } from "./formats.ts";

/**
 * Identifiers the generated modules declare or read whatever the spec says: `exports` (the package
 * exports them), `locals` (imports, private helpers, the globals the code reads).
 */
export interface GeneratedIdentifiers {
  readonly exports: readonly string[];
  readonly locals: readonly string[];
}

/** src/types.ts: its fixed type names (other modules import them by name) and the global types it reads. */
export const typesModule = {
  types: { toolName: "ToolName", toolFullName: "ToolFullName", toolInputs: "ToolInputs" },
  globals: ["Record", "Required", "Pick", "Partial"],
} as const;

/** src/validators.ts: the dispatcher `validate(toolName, input)` and what the checks call. */
export const validatorsModule = {
  dispatcher: "validate",
  /** Runtime helpers the emitted validators (and request body checks) may call; the module imports those it uses. */
  helpers: [
    "pointer",
    "isObject",
    "ownProperties",
    "isOwnKey",
    "codePointLength",
    "issueNotObject",
    "issueUnknownParameter",
    "issueRequired",
    "issueRequiredOnExecute",
    "issueRequiredWhen",
    "issueRequires",
    "issueType",
    "issueTooSmall",
    "issueTooBig",
    "issueEnum",
    "issueFormat",
    "issueTooManyKeys",
    "issueTooFewKeys",
    "issueUnreadable",
    "issueUnknownTool",
    "issueUnknownField",
    "issueLength",
    "issueNoMatch",
    "issueExclusive",
    "issueNotMultiple",
    "issuePattern",
    "issueDuplicateItems",
    "issueNotAllowed",
    "canonicalJson",
    "duplicateItems",
    "isMultipleOf",
    "addIssue",
    "capIssues",
    "MAX_ISSUES",
    "parseJson",
  ],
  runtimeTypes: ["ValidationIssue", "ValidationResult"],
  globals: ["Object", "Number", "Array", "JSON"],
} as const;

/** src/client.ts: the `tools` definitions record and the client factory's imports. */
export const clientModule = {
  tools: "tools",
  internal: ["callByName", "createToolCaller"],
  runtimeTypes: ["CallOptions", "ClientOptions", "ToolDefinition", "WithObjectRequestBody"],
  globals: ["Promise"],
} as const;

/** src/manifest.ts: the manifest export, the functions holding its JSON texts, and the runtime helper reading them. */
export const manifestModule = {
  manifest: "manifest",
  headText: "manifestHeadJson",
  toolsText: "manifestToolsJson",
  runtimeTypes: ["Manifest"],
  internal: ["lazyManifest"],
} as const;

/** The declaration (`.d.ts`) beside each provider tool file: one `tools` constant of the runtime's type for it. */
export const toolFileModule = {
  tools: "tools",
  types: {
    openAiChat: "OpenAiChatTool",
    openAiResponses: "OpenAiResponsesTool",
    anthropic: "AnthropicTool",
    gemini: "GeminiFunctionDeclaration",
    mcp: "McpTool",
    anthropicDeferred: "AnthropicDeferredTool",
    openAiResponsesDeferred: "OpenAiResponsesDeferredTool",
  },
} as const;

/** src/routes.ts: the routing helpers over the package's tools. */
export const routesModule = {
  runtime: ["anthropicSearchResult", "anthropicSearchToolFor", "prepareToolSearchStep", "selectChatTools"],
  runtimeTypes: ["AnthropicSearchResult", "OpenAiChatTool"],
  internal: ["manifestChatTools"],
  chatTools: "chatTools",
  globals: ["ReturnType"],
  exports: ["anthropicSearch", "anthropicSearchTool", "prepareToolSearch", "selectTools"],
  exportedTypes: ["ChatTool"],
} as const;

/** src/model.ts: the model entry. */
export const modelModule = {
  own: {
    toolModelName: "ToolModelName",
    toolSchemas: "toolSchemas",
    schemaOf: "schemaOf",
    isToolName: "isToolName",
    isToolFullName: "isToolFullName",
    isToolModelName: "isToolModelName",
    handleToolCall: "handleToolCall",
  },
  /** Runtime types the module re-exports, so users never import @toolcat/runtime for them. */
  reexportedTypes: ["Manifest", "ManifestTool", "ModelToolResult", "ToolStandardSchema"],
  runtimeTypes: ["CallOptions", "ModelCallTarget", "ModelToolResult", "ToolStandardSchema"],
  internal: ["manifestToolSchemas", "modelCaller"],
  callModelTool: "callModelTool",
  strictNulls: "strictNulls",
  hasPrefixedName: "hasPrefixedName",
  globals: ["Object", "Promise"],
} as const;

/** src/search.ts and src/search-data.ts: the package's one search over its own index. */
export const searchModule = {
  runtime: ["createToolSearch"],
  runtimeTypes: ["ToolSearchHit", "ToolSearchIndex", "ToolSearchOptions"],
  internal: ["searchIndexText"],
  search: "search",
  /** The function of src/search-data.ts that returns the data's JSON text. */
  dataText: "searchIndexJson",
  exports: ["searchTools", "toolSearchIndex"],
} as const;

/** src/code.ts: the `codeApi` record code mode reads. */
export const codeModule = { codeApi: "codeApi", globals: ["URL"] } as const;

/** src/index.ts: the runtime's errors, transports and helpers the package re-exports by name. */
export const indexModule = {
  runtime: [
    "createHttpTransport",
    "createInMemoryTransport",
    "formats",
    "langChainSchema",
    "openAiParameters",
    "strictParameters",
    "AuthorizationRequiredError",
    "MissingSecretError",
    "ToolExecutionError",
    "ToolSearchError",
    "ToolcatError",
    "TransportError",
    "ValidationError",
  ],
  runtimeTypes: [
    "CallOptions",
    "ClientOptions",
    "OpenAiToolParameters",
    "ToolSearchHit",
    "ToolSearchOptions",
    "Transport",
    "ValidationIssue",
    "ValidationResult",
  ],
} as const;

/** Every identifier the generated modules declare or read and every name the package index re-exports. */
export const generatedIdentifiers: GeneratedIdentifiers = {
  exports: [
    ...Object.values(typesModule.types),
    validatorsModule.dispatcher,
    clientModule.tools,
    manifestModule.manifest,
    ...routesModule.exports,
    ...routesModule.exportedTypes,
    ...Object.values(modelModule.own),
    ...modelModule.reexportedTypes,
    ...searchModule.exports,
    codeModule.codeApi,
    ...indexModule.runtime,
    ...indexModule.runtimeTypes,
  ],
  locals: [
    ...typesModule.globals,
    ...validatorsModule.helpers,
    ...Object.values(formatPredicates),
    ...validatorsModule.runtimeTypes,
    ...validatorsModule.globals,
    ...clientModule.internal,
    ...clientModule.runtimeTypes,
    ...clientModule.globals,
    ...manifestModule.runtimeTypes,
    ...manifestModule.internal,
    manifestModule.headText,
    manifestModule.toolsText,
    toolFileModule.tools,
    ...Object.values(toolFileModule.types),
    ...routesModule.runtime,
    ...routesModule.runtimeTypes,
    ...routesModule.internal,
    routesModule.chatTools,
    ...routesModule.globals,
    modelModule.callModelTool,
    modelModule.hasPrefixedName,
    modelModule.strictNulls,
    ...modelModule.runtimeTypes,
    ...modelModule.internal,
    ...modelModule.globals,
    ...searchModule.runtime,
    ...searchModule.runtimeTypes,
    ...searchModule.internal,
    searchModule.search,
    searchModule.dataText,
    ...codeModule.globals,
  ],
};
