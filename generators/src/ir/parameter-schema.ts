// A tool's parameter list as one object node of the schema IR (schema.ts), the node types a request
// body uses: each parameter a property, `*` in `required`, `requires` rules in `dependentRequired`,
// unknown keys refused, and toolcat's own rules as its keywords (`~` and required-when rules in
// `requiredWhen`, the mode pattern in `modePattern`, a toolcat format in `toolFormat`, a captured
// body as the request_body string's `content`). Each property is the parameter's own value node,
// which the loader builds from the spec, with the parameter's prose and default added.
import type { CatalogRules, Parameter, Tool } from "./types.ts";
import type { Named, RequiredWhen, Schema, SchemaNode } from "./schema.ts";

/** The catalog's mode values a mode-pattern node names. */
export interface ModeValues {
  readonly executeValue: string;
  /** Mode values other than execute: with them the tool ignores its other parameters. */
  readonly ignoring: readonly string[];
}

/** The mode values of the catalog's mode rules. */
export function modeValues(toolMode: CatalogRules["toolMode"]): ModeValues {
  const { executeValue } = toolMode;
  return { executeValue, ignoring: toolMode.values.map((v) => v.value).filter((value) => value !== executeValue) };
}

/**
 * The object node of a tool's parameters; `describe` gives each property's description (the text
 * the writer shows, "" for none). A tool whose parameters are not shown takes any object.
 */
export function parameterListSchema(
  tool: Tool,
  modes: ModeValues,
  describe: (parameter: Parameter) => string,
): SchemaNode {
  if (tool.parameters.kind === "not-shown")
    return {
      type: ["object"],
      description: "The catalog does not show this tool's parameters; any object is accepted.",
    };
  const parameters = tool.parameters.list;
  const properties = parameters.map((p): Named<Schema> => ({ name: p.name, value: propertySchema(tool, p, describe) }));
  const required = parameters.filter((p) => p.requirement === "always").map((p) => p.name);
  const onExecute = parameters.filter((p) => p.requirement === "execute").map((p) => p.name);
  const requiredWhen: RequiredWhen[] =
    onExecute.length > 0 ? [{ when: "mode", equals: modes.executeValue, names: onExecute, onExecute: true }] : [];
  const dependentRequired: { name: string; value: string[] }[] = [];
  for (const rule of tool.rules) {
    if (rule.kind === "required-when")
      requiredWhen.push({ when: rule.when, equals: rule.equals, names: [rule.parameter] });
    if (rule.kind === "requires") {
      const entry = dependentRequired.find((d) => d.name === rule.parameter);
      if (entry === undefined) dependentRequired.push({ name: rule.parameter, value: [rule.requires] });
      else entry.value.push(rule.requires);
    }
  }
  return {
    type: ["object"],
    properties,
    ...(required.length > 0 && { required }),
    ...(dependentRequired.length > 0 && { dependentRequired }),
    ...(requiredWhen.length > 0 && { requiredWhen }),
    additionalProperties: false,
    ...(tool.modePattern && { modePattern: { property: "mode", ignoring: modes.ignoring } }),
  };
}

function propertySchema(tool: Tool, parameter: Parameter, describe: (parameter: Parameter) => string): SchemaNode {
  const description = describe(parameter);
  const body = parameter.name === "request_body" ? tool.requestBody : undefined;
  return {
    ...parameter.schema,
    ...(description !== "" && { description }),
    ...(parameter.default !== undefined && { default: parameter.default }),
    ...(body !== undefined && { content: { id: `urn:toolcat:request-body:${tool.fullName}`, document: body } }),
  };
}

/** The node whose values a parameter names: an array's items, or the value itself. */
export function namedValues(node: SchemaNode): SchemaNode {
  return node.type?.includes("array") && typeof node.items === "object" ? node.items : node;
}

/** Whether a node's values are an enum's, whether or not the catalog shows them. */
export function isEnum(node: SchemaNode): boolean {
  return node.enum !== undefined || node.valuesNotShown === true;
}
