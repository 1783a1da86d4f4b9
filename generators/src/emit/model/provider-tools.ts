// One tool in each provider's format, from one model-facing record: OpenAI Chat Completions and
// Responses function tools, Anthropic Messages tools, Gemini function declarations and MCP Tool
// objects. Each schema comes from the runtime's lowering of the full input schema, the same code
// Standard JSON Schema targets run, so what a form drops is reported the same way everywhere.
import type { Server, Tool, ToolAnnotations } from "../../ir/types.ts";
import type { ToolModeRules } from "../core/emitter.ts";
import { inputSchema } from "../schema/input-schema.ts";
import type { JsonSchema } from "../../ir/json.ts";
import { oncePer } from "../../core/once-per.ts";
import { modelToolDescription } from "../core/descriptions.ts";
import { toolExamples, type ToolExample } from "./tool-examples.ts";
import { modelToolName, toolTitle } from "../../ir/model-names.ts";
import type {
  AnthropicTool,
  GeminiFunctionDeclaration,
  McpTool,
  OpenAiChatTool,
  OpenAiFunction,
  OpenAiResponsesTool,
  ToolInputSchema,
} from "../../../../packages/runtime/src/tool-files.ts";
import type { ProviderForm, ToolLowering } from "../../../../packages/runtime/src/manifest.ts";
import type { Lowered } from "../../../../packages/runtime/src/lowering/lowered.ts";
import { lowerAnthropic, lowerMcp } from "../../../../packages/runtime/src/lowering/loose.ts";
import { lowerOpenAiStrict, type OpenAiLowered } from "../../../../packages/runtime/src/lowering/openai-strict.ts";
import { lowerGeminiJsonSchema } from "../../../../packages/runtime/src/lowering/gemini.ts";
import { withExample } from "../../../../packages/runtime/src/internal/example-text.ts";

/** What every provider format is built from. */
export interface ModelTool {
  /** Provider-safe name (`CloudSheets_GetSpreadsheet`). */
  readonly name: string;
  /** A display name made from the tool name (`Get Spreadsheet`). */
  readonly title: string;
  readonly description: string;
  /** The full 2020-12 input schema (the manifest's) with model-facing parameter descriptions. */
  readonly inputSchema: JsonSchema;
  readonly annotations: ToolAnnotations;
  /** Example calls built from the spec (tool-examples.ts), each a valid input; none when the spec grounds none. */
  readonly examples: readonly ToolExample[];
}

/**
 * The manifest, the README and every tool file (flat, per group, deferred) read the same model tool:
 * each is built once per tool while its server is being generated, so its schema, and the lowerings
 * cached by schema below, are computed once per generation instead of up to five times. Packages are
 * generated one server at a time, so only the current server's are kept: a catalog of thousands of
 * servers does not hold every tool's model record and lowerings to the end.
 */
let current:
  { readonly server: Server; readonly toolMode: ToolModeRules; readonly models: Map<Tool, ModelTool> } | undefined;

export function modelTool(server: Server, tool: Tool, toolMode: ToolModeRules): ModelTool {
  if (current?.server !== server || current.toolMode !== toolMode) current = { server, toolMode, models: new Map() };
  let model = current.models.get(tool);
  if (model === undefined) {
    model = buildModelTool(server, tool, toolMode);
    current.models.set(tool, model);
  }
  return model;
}

function buildModelTool(server: Server, tool: Tool, toolMode: ToolModeRules): ModelTool {
  return {
    name: modelToolName(server, tool),
    title: toolTitle(tool),
    description: modelToolDescription(server, tool, toolMode.executeValue),
    // The manifest's schema already carries the model-facing parameter descriptions (input-schema.ts).
    inputSchema: inputSchema(tool, toolMode),
    annotations: tool.annotations,
    examples: toolExamples(server, tool, toolMode),
  };
}

// Each lowering runs once per tool schema, however many files show the tool.
const openAiStrict = oncePer(lowerOpenAiStrict);
const anthropicLowered = oncePer(lowerAnthropic);
const geminiLowered = oncePer(lowerGeminiJsonSchema);
const mcpLowered = oncePer(lowerMcp);

/** Every lowering keeps `type: "object"` at the root of a tool schema. */
const objectSchema = (lowered: Lowered): ToolInputSchema => lowered.schema as ToolInputSchema;

function openAiFunction(tool: ModelTool): OpenAiFunction {
  const lowered = openAiStrict(tool.inputSchema);
  return { name: tool.name, description: tool.description, parameters: objectSchema(lowered), strict: lowered.strict };
}

/** Chat Completions `tools[]` entry. */
export function openAiChatTool(tool: ModelTool): OpenAiChatTool {
  return { type: "function", function: openAiFunction(tool) };
}

/** Responses API `tools[]` entry (flat: no `function` wrapper). */
export function openAiResponsesTool(tool: ModelTool): OpenAiResponsesTool {
  return { type: "function", ...openAiFunction(tool) };
}

/** Why a tool is not strict, or undefined when it is. */
export function openAiNonStrictReason(tool: ModelTool): string | undefined {
  const lowered: OpenAiLowered = openAiStrict(tool.inputSchema);
  return lowered.strict ? undefined : lowered.reason;
}

/** Anthropic Messages `tools[]` entry, with its example calls as `input_examples` when it has any. */
export function anthropicTool(tool: ModelTool): AnthropicTool {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: objectSchema(anthropicLowered(tool.inputSchema)),
    ...(tool.examples.length > 0 && { input_examples: [...tool.examples] }),
  };
}

/** Gemini function declaration (`@google/genai`), in the `parametersJsonSchema` form. */
export function geminiTool(tool: ModelTool): GeminiFunctionDeclaration {
  return {
    name: tool.name,
    description: tool.description,
    parametersJsonSchema: objectSchema(geminiLowered(tool.inputSchema)),
  };
}

/**
 * MCP `Tool`; the description ends with one example call; hints appear only where the catalog's wording states them.
 */
export function mcpTool(tool: ModelTool): McpTool {
  const { readOnly, destructive, idempotent, openWorld } = tool.annotations;
  const hints = {
    ...(readOnly !== undefined && { readOnlyHint: readOnly }),
    ...(destructive !== undefined && { destructiveHint: destructive }),
    ...(idempotent !== undefined && { idempotentHint: idempotent }),
    ...(openWorld !== undefined && { openWorldHint: openWorld }),
  };
  return {
    name: tool.name,
    title: tool.title,
    description: withExample(tool.description, tool.examples),
    inputSchema: objectSchema(mcpLowered(tool.inputSchema)),
    ...(Object.keys(hints).length > 0 && { annotations: hints }),
  };
}

/** The manifest's `lowering` of a tool: what each shipped provider form leaves to the validator. */
export function toolLowering(tool: ModelTool): ToolLowering {
  const openAi = openAiStrict(tool.inputSchema);
  const notEnforced: Record<ProviderForm, Lowered["dropped"]> = {
    openai: openAi.dropped,
    anthropic: anthropicLowered(tool.inputSchema).dropped,
    gemini: geminiLowered(tool.inputSchema).dropped,
  };
  return { openAiStrict: openAi.strict, strictNulls: openAi.strict ? openAi.strictNulls : [], notEnforced };
}
