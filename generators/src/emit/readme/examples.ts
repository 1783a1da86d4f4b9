// A valid example input for every tool, built from its parameters: the README shows it and the
// tests feed it to the generated validators and clients.
import type { ToolModeRules } from "../core/emitter.ts";
import type { Parameter, StringFormat, Tool, ValueType } from "../../ir/types.ts";
import type { JsonValue } from "../../ir/json.ts";

const formatExamples: Record<StringFormat, string> = {
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

export function exampleValue(type: ValueType, name: string): JsonValue {
  switch (type.kind) {
    case "string":
      return type.format === undefined ? `example-${name.replace(/_/g, "-")}` : formatExamples[type.format];
    case "enum":
      return type.values.known && type.values.value[0] !== undefined
        ? type.values.value[0]
        : `example-${name.replace(/_/g, "-")}`;
    case "integer":
    case "number": {
      const low = type.minimum ?? 1;
      return type.maximum !== undefined && low > type.maximum ? type.maximum : low;
    }
    case "boolean":
      return true;
    case "object":
      return type.maxProperties === 0
        ? {}
        : Object.fromEntries(
            Array.from({ length: type.minProperties ?? 0 }, (_, i) => [type.keys[i]?.name ?? `key${i + 1}`, "value"]),
          );
    case "array":
      return [exampleValue(type.items, name) as string];
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
        : exampleValue(parameter.type, parameter.name);
  }
  return input;
}
