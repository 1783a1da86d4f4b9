// A tool's input as JSON Schema 2020-12. It encodes every constraint the generated validator
// enforces (formats assert once the runtime's `formats` are registered), so any standard validator
// accepts and rejects exactly what the package's own validator does.
import type { ToolModeRules } from "./emitter.ts";
import type { Parameter, Tool, ValueType } from "../ir/types.ts";
import { parameterFacts } from "./describe.ts";

export type JsonSchema = { [keyword: string]: unknown };

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
  const properties: JsonSchema = {};
  for (const parameter of parameters) properties[parameter.name] = parameterSchema(parameter, toolMode.executeValue);
  const required = parameters.filter((p) => p.requirement === "always").map((p) => p.name);
  const onExecute = parameters.filter((p) => p.requirement === "execute").map((p) => p.name);
  const conditions: JsonSchema[] = [];
  if (onExecute.length > 0) conditions.push(whenEquals("mode", toolMode.executeValue, onExecute));
  const dependentRequired: Record<string, string[]> = {};
  for (const rule of tool.rules) {
    if (rule.kind === "required-when") conditions.push(whenEquals(rule.when, rule.equals, [rule.parameter]));
    if (rule.kind === "requires") (dependentRequired[rule.parameter] ??= []).push(rule.requires);
  }
  return {
    $schema: schemaDialect,
    type: "object",
    properties,
    ...(required.length > 0 && { required }),
    additionalProperties: false,
    ...(Object.keys(dependentRequired).length > 0 && { dependentRequired }),
    ...(conditions.length > 0 && { allOf: conditions }),
  };
}

function whenEquals(parameter: string, value: string, required: string[]): JsonSchema {
  return { if: { properties: { [parameter]: { const: value } }, required: [parameter] }, then: { required } };
}

function parameterSchema(parameter: Parameter, executeValue: string): JsonSchema {
  const facts = parameterFacts(parameter, executeValue);
  return {
    ...typeSchema(parameter.type),
    ...(facts.length > 0 && { description: facts.join(" ") }),
    ...(parameter.default !== undefined && { default: parameter.default }),
  };
}

function typeSchema(type: ValueType): JsonSchema {
  switch (type.kind) {
    case "string":
      return {
        type: "string",
        ...(type.format !== undefined && { format: type.format }),
        ...((type.format === "json" || type.format === "cell-data") && { contentMediaType: "application/json" }),
      };
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
