// One tool in each provider's format, from one model-facing record: OpenAI Chat Completions and
// Responses function tools, Anthropic Messages tools, and MCP Tool objects.
import type { Server, Tool, ToolAnnotations } from "../../ir/types.ts";
import type { ToolModeRules } from "../core/emitter.ts";
import { executeView, inputSchema } from "../schema/input-schema.ts";
import type { JsonSchema } from "../../ir/json.ts";
import { modelParameterDescription, modelToolDescription } from "./descriptions.ts";
import { modelToolName, toolTitle } from "../../ir/model-names.ts";
import { loose, openAiStrict, type StrictResult } from "./openai-strict.ts";

/** What every provider format is built from. */
export interface ModelTool {
  /** Provider-safe name (`CloudSheets_GetSpreadsheet`). */
  readonly name: string;
  /** A display name made from the tool name (`Get Spreadsheet`). */
  readonly title: string;
  readonly description: string;
  /** Standard 2020-12 input schema with model-facing parameter descriptions. */
  readonly inputSchema: JsonSchema;
  readonly annotations: ToolAnnotations;
}

export function modelTool(server: Server, tool: Tool, toolMode: ToolModeRules): ModelTool {
  const executeValue = toolMode.executeValue;
  const schema = executeView(inputSchema(tool, toolMode));
  if (tool.parameters.kind === "known") {
    const properties = schema["properties"] as Record<string, JsonSchema>;
    for (const parameter of tool.parameters.list) {
      const text = modelParameterDescription(parameter, executeValue);
      const { description: _terse, ...rest } = properties[parameter.name]!;
      properties[parameter.name] = text === "" ? rest : { ...rest, description: text };
    }
  }
  return {
    name: modelToolName(server, tool),
    title: toolTitle(tool),
    description: modelToolDescription(server, tool, executeValue),
    inputSchema: schema,
    annotations: tool.annotations,
  };
}

type OpenAiFunction = { readonly name: string; readonly description: string; readonly parameters: JsonSchema; readonly strict: boolean };

function openAiFunction(tool: ModelTool): { fn: OpenAiFunction; strictness: StrictResult } {
  const strictness = openAiStrict(tool.inputSchema);
  return { fn: { name: tool.name, description: tool.description, parameters: strictness.schema, strict: strictness.strict }, strictness };
}

/** Chat Completions `tools[]` entry. */
export function openAiChatTool(tool: ModelTool): { readonly type: "function"; readonly function: OpenAiFunction } {
  return { type: "function", function: openAiFunction(tool).fn };
}

/** Responses API `tools[]` entry (flat: no `function` wrapper). */
export function openAiResponsesTool(tool: ModelTool): { readonly type: "function" } & OpenAiFunction {
  return { type: "function", ...openAiFunction(tool).fn };
}

/** Why a tool is not strict, or undefined when it is. */
export function openAiNonStrictReason(tool: ModelTool): string | undefined {
  const { strictness } = openAiFunction(tool);
  return strictness.strict ? undefined : strictness.reason;
}

/** Anthropic Messages `tools[]` entry. */
export function anthropicTool(tool: ModelTool): { readonly name: string; readonly description: string; readonly input_schema: JsonSchema } {
  return { name: tool.name, description: tool.description, input_schema: loose(tool.inputSchema) };
}

/** MCP `Tool`; hints appear only where the catalog's wording states them. */
export function mcpTool(tool: ModelTool): {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly annotations?: Readonly<Record<string, boolean>>;
} {
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
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(Object.keys(hints).length > 0 && { annotations: hints }),
  };
}
