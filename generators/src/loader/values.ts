// Whether a documented value (a default, a limit) fits the parameter's own type and constraints.
import { formats } from "../../../packages/runtime/src/formats.ts";
import type { ValueType } from "../ir/types.ts";
import type { JsonValue } from "../ir/json.ts";

/** Why `value` does not fit `type`, in words, or undefined when it fits. */
export function valueProblem(type: ValueType, value: JsonValue): string | undefined {
  switch (type.kind) {
    case "string":
      if (typeof value !== "string") return `must be a string, got ${JSON.stringify(value)}`;
      if (type.format !== undefined && !formats[type.format](value))
        return `must match format ${type.format}, got ${JSON.stringify(value)}`;
      return undefined;
    case "enum":
      if (typeof value !== "string") return `must be a string, got ${JSON.stringify(value)}`;
      if (type.values.known && !type.values.value.includes(value))
        return `must be one of ${type.values.value.join(", ")}, got ${JSON.stringify(value)}`;
      return undefined;
    case "integer":
    case "number":
      if (typeof value !== "number" || (type.kind === "integer" && !Number.isInteger(value)))
        return `must be ${type.kind === "integer" ? "an integer" : "a number"}, got ${JSON.stringify(value)}`;
      if (type.minimum !== undefined && value < type.minimum) return `must be at least ${type.minimum}, got ${value}`;
      if (type.maximum !== undefined && value > type.maximum) return `must be at most ${type.maximum}, got ${value}`;
      return undefined;
    case "boolean":
      return typeof value === "boolean" ? undefined : `must be a boolean, got ${JSON.stringify(value)}`;
    case "object": {
      if (value === null || typeof value !== "object" || Array.isArray(value))
        return `must be an object, got ${JSON.stringify(value)}`;
      const count = Object.keys(value).length;
      if (type.minProperties !== undefined && count < type.minProperties)
        return `must have at least ${type.minProperties} keys`;
      if (type.maxProperties !== undefined && count > type.maxProperties)
        return `must have at most ${type.maxProperties} keys`;
      return undefined;
    }
    case "array":
      if (!Array.isArray(value)) return `must be a list, got ${JSON.stringify(value)}`;
      for (const item of value) {
        const problem = valueProblem(type.items, item);
        if (problem !== undefined) return `item ${problem}`;
      }
      return undefined;
  }
}
