// A tool's input as standard JSON Schema 2020-12: no custom formats or keywords. It encodes every
// constraint the generated validator enforces, so a stock validator (Ajv 2020 with ajv-formats)
// accepts and rejects exactly what the package's own validator does. The one exception: JSON text
// well-formedness (`json`, `cell-data`) is only annotated, as `contentMediaType` cannot assert.
import { cellDataSchema, formatPatterns } from "../../../../packages/runtime/src/formats.ts";
import type { JsonSchema } from "../../ir/json.ts";
import type { Parameter, StringFormat, Tool, ValueType } from "../../ir/types.ts";
import { ignoringModes, type ToolModeRules } from "../core/emitter.ts";
import { modelParameterDescription } from "../core/descriptions.ts";
import { withRequestBodySchema } from "../request-body/schema.ts";

export const schemaDialect = "https://json-schema.org/draft/2020-12/schema";

export function inputSchema(tool: Tool, toolMode: ToolModeRules): JsonSchema {
  if (tool.parameters.kind === "not-shown") {
    return {
      $schema: schemaDialect,
      type: "object",
      description: "The catalog does not show this tool's parameters; any object is accepted.",
    };
  }
  const parameters = tool.parameters.list;
  const schemas: JsonSchema = {};
  for (const parameter of parameters) schemas[parameter.name] = parameterSchema(parameter, toolMode.executeValue);
  const properties = withRequestBodySchema(tool, schemas);
  const required = parameters.filter((p) => p.requirement === "always").map((p) => p.name);
  const onExecute = parameters.filter((p) => p.requirement === "execute").map((p) => p.name);
  const conditions: JsonSchema[] = [];
  if (onExecute.length > 0) conditions.push(whenEquals("mode", toolMode.executeValue, onExecute));
  const dependentRequired: Record<string, string[]> = {};
  for (const rule of tool.rules) {
    if (rule.kind === "required-when") conditions.push(whenEquals(rule.when, rule.equals, [rule.parameter]));
    if (rule.kind === "requires") (dependentRequired[rule.parameter] ??= []).push(rule.requires);
  }
  const checks: JsonSchema = {
    ...(required.length > 0 && { required }),
    ...(Object.keys(dependentRequired).length > 0 && { dependentRequired }),
    ...(conditions.length > 0 && { allOf: conditions }),
  };
  if (!tool.modePattern)
    return { $schema: schemaDialect, type: "object", properties, ...checks, additionalProperties: false };
  return modePatternSchema(properties, checks, toolMode);
}

/**
 * Document A, rule 3: with a mode other than execute (get_request_schema) every other parameter is
 * ignored, whatever its value. Their types and requirements therefore sit in `else`; the top level
 * keeps their descriptions, and unknown keys stay rejected in every mode.
 */
function modePatternSchema(properties: JsonSchema, checks: JsonSchema, toolMode: ToolModeRules): JsonSchema {
  const { mode, ...others } = properties;
  // `mode` is required at the top level, where its property is defined (Ajv's strictRequired).
  const { required: all = [], ...rest } = checks as { required?: string[] } & JsonSchema;
  const required = all.filter((name) => name !== "mode");
  const annotations = Object.fromEntries(
    Object.entries(others).map(([name, schema]) => [name, pick(schema as JsonSchema, ["description", "default"])]),
  );
  const ignoring = ignoringModes(toolMode);
  return {
    $schema: schemaDialect,
    type: "object",
    properties: { mode, ...annotations },
    required: ["mode"],
    additionalProperties: false,
    if: { properties: { mode: { enum: ignoring } }, required: ["mode"] },
    else: { properties: others, ...(required.length > 0 && { required }), ...rest },
  };
}

function pick(schema: JsonSchema, keys: readonly string[]): JsonSchema {
  return Object.fromEntries(keys.filter((key) => key in schema).map((key) => [key, schema[key]]));
}

function whenEquals(parameter: string, value: string, required: string[]): JsonSchema {
  // `then` names its required keys under `properties` too: Ajv's strict mode (strictRequired) rejects
  // a `required` key that no sibling or earlier `properties` defines, and `allOf` compiles first.
  const named = Object.fromEntries(required.map((name) => [name, true]));
  return {
    if: { properties: { [parameter]: { const: value } }, required: [parameter] },
    then: { properties: named, required },
  };
}

function parameterSchema(parameter: Parameter, executeValue: string): JsonSchema {
  // The model-facing text, so every route that shows this schema (manifest, MCP, tool files) reads the same.
  const description = modelParameterDescription(parameter, executeValue);
  return {
    ...typeSchema(parameter.type),
    ...(description !== "" && { description }),
    ...(parameter.default !== undefined && { default: parameter.default }),
  };
}

function typeSchema(type: ValueType): JsonSchema {
  switch (type.kind) {
    case "string":
      return { type: "string", ...(type.format !== undefined && formatKeywords(type.format)) };
    case "enum":
      return type.values.known ? { type: "string", enum: [...type.values.value] } : { type: "string" };
    case "integer":
    case "number":
      return {
        type: type.kind,
        ...(type.minimum !== undefined && { minimum: type.minimum }),
        ...(type.maximum !== undefined && { maximum: type.maximum }),
      };
    case "boolean":
      return { type: "boolean" };
    case "object":
      return {
        type: "object",
        ...(type.minProperties !== undefined && { minProperties: type.minProperties }),
        ...(type.maxProperties !== undefined && { maxProperties: type.maxProperties }),
      };
    case "array":
      return { type: "array", items: typeSchema(type.items) };
  }
}

/** Standard keywords for a toolcat format; patterns come from the runtime's one table. */
function formatKeywords(format: StringFormat): JsonSchema {
  switch (format) {
    case "date":
    case "uri":
      return { format };
    case "date-time":
      return { format, pattern: formatPatterns[format] };
    case "url":
      return { format: "uri", pattern: formatPatterns.url };
    case "json":
      return { contentMediaType: "application/json" };
    case "cell-data":
      return { contentMediaType: "application/json", contentSchema: cellDataSchema };
    case "column-letters":
    case "column":
    case "csv":
    case "bearer":
    case "jwt":
      return { pattern: formatPatterns[format] };
  }
}
