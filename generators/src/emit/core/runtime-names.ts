// The seam between generated code and @toolcat/runtime. Names are typed against the runtime's own
// entry points, so a rename in the runtime fails the generators' type check instead of the output.
import { formats } from "../../../../packages/runtime/src/formats.ts";
import type * as publicEntry from "../../../../packages/runtime/src/index.ts";
import type * as internalEntry from "../../../../packages/runtime/src/internal/index.ts";
import type { FormatName } from "../../ir/formats.ts";

/** The runtime's public entry: what users (and the package index) import. */
export const runtimeModule = "@toolcat/runtime";
/** The runtime's entry for generated code only: issue builders, format predicates, the tool caller. */
export const runtimeInternalModule = "@toolcat/runtime/internal";

/** A value exported by the public entry. */
export type RuntimeName = keyof typeof publicEntry & string;
/** A value exported by the internal entry. */
export type InternalName = keyof typeof internalEntry & string;

/**
 * The public entry's types that generated code names. Types have no runtime value to key on, so each
 * is listed here against the runtime's own declaration: a rename in the runtime fails this map.
 */
interface RuntimeTypes {
  CallOptions: publicEntry.CallOptions;
  ClientOptions: publicEntry.ClientOptions;
  Manifest: publicEntry.Manifest;
  ManifestTool: publicEntry.ManifestTool;
  ModelCallTarget: publicEntry.ModelCallTarget;
  ModelToolResult: publicEntry.ModelToolResult;
  ToolDefinition: publicEntry.ToolDefinition<unknown>;
  ToolSearchHit: publicEntry.ToolSearchHit;
  ToolSearchIndex: publicEntry.ToolSearchIndex;
  ToolSearchOptions: publicEntry.ToolSearchOptions;
  ToolStandardSchema: publicEntry.ToolStandardSchema<unknown>;
  Transport: publicEntry.Transport;
  ValidationIssue: publicEntry.ValidationIssue;
  ValidationResult: publicEntry.ValidationResult<unknown>;
  WithObjectRequestBody: publicEntry.WithObjectRequestBody<unknown>;
  OpenAiChatTool: publicEntry.OpenAiChatTool;
  OpenAiResponsesTool: publicEntry.OpenAiResponsesTool;
  AnthropicTool: publicEntry.AnthropicTool;
  GeminiFunctionDeclaration: publicEntry.GeminiFunctionDeclaration;
  McpTool: publicEntry.McpTool;
  AnthropicDeferredTool: publicEntry.AnthropicDeferredTool;
  AnthropicSearchResult: publicEntry.AnthropicSearchResult;
  OpenAiResponsesDeferredTool: publicEntry.OpenAiResponsesDeferredTool;
  OpenAiToolParameters: publicEntry.OpenAiToolParameters;
}

/** A type exported by the public entry. */
export type RuntimeTypeName = keyof RuntimeTypes & string;

/** Checks a list of public runtime types at compile time and keeps the literal types. */
export function runtimeTypeNames<const N extends RuntimeTypeName>(names: readonly N[]): N[] {
  return [...names];
}

/** Checks a list of public runtime values at compile time and keeps the literal types. */
export function runtimeNames<const N extends RuntimeName>(names: readonly N[]): N[] {
  return [...names];
}

/** Checks a list of internal runtime values at compile time and keeps the literal types. */
export function internalNames<const N extends InternalName>(names: readonly N[]): N[] {
  return [...names];
}

/** The runtime predicate for a string format, read from the runtime's own `formats` table. */
export function formatPredicate(format: FormatName): InternalName {
  return formats[format].name as InternalName;
}

/** Every format predicate's name, for code that must not shadow one. */
export function formatPredicateNames(): InternalName[] {
  return Object.values(formats).map((predicate) => predicate.name as InternalName);
}
