// A tool's input as standard JSON Schema 2020-12: no custom formats or keywords. Its parameter list,
// read as one object node of the schema IR, is written by the writer request bodies use, so it
// encodes every constraint the generated validator enforces (see toolcat-json.ts for the one
// exception). The descriptions are the model-facing text, so every route that shows this schema
// (manifest, MCP, tool files) reads the same.
import type { JsonSchema } from "../../ir/json.ts";
import { modeValues, parameterListSchema } from "../../ir/parameter-schema.ts";
import type { Tool } from "../../ir/types.ts";
import type { ToolModeRules } from "../core/emitter.ts";
import { modelParameterDescription } from "../core/descriptions.ts";
import { schemaJson } from "./json-schema.ts";

export const schemaDialect = "https://json-schema.org/draft/2020-12/schema";

export function inputSchema(tool: Tool, toolMode: ToolModeRules): JsonSchema {
  const { executeValue } = toolMode;
  const node = parameterListSchema(tool, modeValues(toolMode), (parameter) =>
    modelParameterDescription(parameter, executeValue),
  );
  return { $schema: schemaDialect, ...(schemaJson(node) as JsonSchema) };
}
