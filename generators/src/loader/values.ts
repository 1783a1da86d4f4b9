// Whether a documented value (a default, a limit) fits the parameter's own schema node: its type and
// the keywords a spec parameter carries (toolcat's format, enum, bounds, property counts, items).
import { formats } from "../../../packages/runtime/src/formats.ts";
import type { JsonValue } from "../ir/json.ts";
import type { SchemaNode, TypeName } from "../ir/schema.ts";

const typeWords: Readonly<Record<TypeName, string>> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "a boolean",
  object: "an object",
  array: "a list",
  null: "null",
};

function hasType(type: TypeName, value: JsonValue): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value);
    case "array":
      return Array.isArray(value);
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}

/** Why `value` does not fit `node`, in words, or undefined when it fits. */
export function valueProblem(node: SchemaNode, value: JsonValue): string | undefined {
  const text = JSON.stringify(value);
  if (node.type !== undefined && !node.type.some((type) => hasType(type, value)))
    return `must be ${node.type.map((type) => typeWords[type]).join(" or ")}, got ${text}`;
  if (typeof value === "string" && node.toolFormat !== undefined && !formats[node.toolFormat](value))
    return `must match format ${node.toolFormat}, got ${text}`;
  if (node.enum !== undefined && !node.enum.some((allowed) => JSON.stringify(allowed) === text))
    return `must be one of ${node.enum.join(", ")}, got ${text}`;
  if (typeof value === "number") {
    if (node.minimum !== undefined && value < node.minimum) return `must be at least ${node.minimum}, got ${value}`;
    if (node.maximum !== undefined && value > node.maximum) return `must be at most ${node.maximum}, got ${value}`;
  }
  if (Array.isArray(value)) {
    const items = node.items;
    if (typeof items === "object")
      for (const item of value) {
        const problem = valueProblem(items, item);
        if (problem !== undefined) return `item ${problem}`;
      }
  } else if (value !== null && typeof value === "object") {
    const count = Object.keys(value).length;
    if (node.minProperties !== undefined && count < node.minProperties)
      return `must have at least ${node.minProperties} keys`;
    if (node.maxProperties !== undefined && count > node.maxProperties)
      return `must have at most ${node.maxProperties} keys`;
  }
  return undefined;
}
