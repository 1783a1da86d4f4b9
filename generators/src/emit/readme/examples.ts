// A valid example input for every tool, built from its parameters: the README shows it and the
// tests feed it to the generated validators and clients.
import type { ToolModeRules } from "../core/emitter.ts";
import type { SchemaNode } from "../../ir/schema.ts";
import type { FormatName } from "../../ir/formats.ts";
import type { Parameter, Tool } from "../../ir/types.ts";
import type { JsonValue } from "../../ir/json.ts";

const formatExamples: Record<FormatName, string> = {
  date: "2024-01-31",
  "date-time": "2024-01-31T09:30:00Z",
  url: "https://example.com/verify",
  uri: "https://example.com/resource",
  "column-letters": "B",
  column: "B",
  csv: "first,second",
  json: "{}",
  "cell-data": '{"1":{"A":"Name","B":42}}',
  bearer: "Bearer token-value",
  jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl",
};

/** A value the node accepts: the least a bound allows, an enum's first value, a format's example. */
function exampleValue(node: SchemaNode, name: string): JsonValue {
  const fromName = `example-${name.replace(/_/g, "-")}`;
  switch (node.type?.[0]) {
    case "integer":
    case "number": {
      const low = node.minimum ?? 1;
      return node.maximum !== undefined && low > node.maximum ? node.maximum : low;
    }
    case "boolean":
      return true;
    case "object":
      return node.maxProperties === 0
        ? {}
        : Object.fromEntries(
            Array.from({ length: node.minProperties ?? 0 }, (_, i) => [node.keys?.[i]?.name ?? `key${i + 1}`, "value"]),
          );
    case "array":
      return [exampleValue(typeof node.items === "object" ? node.items : {}, name)];
    default:
      if (node.enum !== undefined) return node.enum[0] ?? fromName;
      return node.toolFormat === undefined ? fromName : formatExamples[node.toolFormat];
  }
}

/**
 * Parameters worth showing in an example: the required ones (on execute for mode tools), or when
 * none is required, the first optional one that no rule ties to another (so it is valid alone).
 */
function shownParameters(tool: Tool, parameters: readonly Parameter[]): Parameter[] {
  const required = parameters.filter((p) => p.requirement !== "optional");
  if (required.length > 0) return required;
  const inRules = new Set(
    tool.rules.flatMap((r) => [
      r.parameter,
      ...(r.kind === "requires" ? [r.requires] : r.kind === "required-when" ? [r.when] : []),
    ]),
  );
  return parameters.filter((p) => !inRules.has(p.name)).slice(0, 1);
}

/** A valid input: `execute` for mode-pattern tools and every required parameter. */
export function exampleInput(tool: Tool, toolMode: ToolModeRules): Record<string, JsonValue> | undefined {
  if (tool.parameters.kind === "not-shown") return undefined;
  const input: Record<string, JsonValue> = {};
  for (const parameter of shownParameters(tool, tool.parameters.list)) {
    input[parameter.name] =
      parameter.name === "mode" && tool.modePattern
        ? toolMode.executeValue
        : exampleValue(parameter.schema, parameter.name);
  }
  return input;
}
