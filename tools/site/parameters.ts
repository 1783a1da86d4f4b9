// A tool's parameters as the site lists them: one row per parameter of the schema models read (the
// execute view, where a mode-pattern tool's parameter types sit in `properties`), with its type in
// words, whether it is required, and every constraint the schema states.
import type { ManifestTool } from "../../packages/runtime/src/manifest.ts";
import type { DroppedKeyword } from "../../packages/runtime/src/lowering/lowered.ts";
import { executeView } from "../../packages/runtime/src/lowering/execute-view.ts";
import type { JsonSchemaObject } from "../../packages/runtime/src/schema-targets.ts";

export interface ParameterRow {
  readonly name: string;
  readonly type: string;
  /** "yes", "no", or the condition under which it is (`when mode is execute`). */
  readonly required: string;
  readonly constraints: readonly string[];
  readonly description: string;
}

type Schema = Readonly<Record<string, unknown>>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const json = (value: unknown): string => JSON.stringify(value);

/** The schema models read: the tool's inputSchema with a mode-pattern tool's types merged in. */
export function modelSchema(tool: ManifestTool): Schema {
  return executeView(tool.inputSchema as JsonSchemaObject);
}

export function parameterRows(tool: ManifestTool): ParameterRow[] {
  const schema = modelSchema(tool);
  const properties = isSchema(schema["properties"]) ? schema["properties"] : {};
  const required = new Set(list(schema["required"]));
  const conditions = conditionalRequirements(schema);
  return Object.entries(properties).map(([name, property]) => {
    const p = isSchema(property) ? property : {};
    return {
      name,
      type: typeText(p),
      required: required.has(name) ? "yes" : (conditions.get(name) ?? "no"),
      constraints: constraints(p),
      description: typeof p["description"] === "string" ? p["description"] : "",
    };
  });
}

/** Parameters that `allOf` if/then rules or `dependentRequired` make required, with the condition in words. */
function conditionalRequirements(schema: Schema): Map<string, string> {
  const found = new Map<string, string>();
  for (const rule of list(schema["allOf"])) {
    if (!isSchema(rule) || !isSchema(rule["then"])) continue;
    const when = isSchema(rule["if"]) ? conditionText(rule["if"]) : "conditionally";
    for (const name of list(rule["then"]["required"])) if (typeof name === "string") found.set(name, when);
  }
  const dependent = isSchema(schema["dependentRequired"]) ? schema["dependentRequired"] : {};
  for (const [trigger, names] of Object.entries(dependent)) {
    for (const name of list(names))
      if (typeof name === "string" && !found.has(name)) found.set(name, `when ${trigger} is given`);
  }
  return found;
}

function conditionText(condition: Schema): string {
  const properties = isSchema(condition["properties"]) ? condition["properties"] : {};
  const parts = Object.entries(properties).flatMap(([name, value]) => {
    if (!isSchema(value)) return [];
    if ("const" in value) return [`${name} is ${json(value["const"])}`];
    if (Array.isArray(value["enum"])) return [`${name} is one of ${value["enum"].map(json).join(", ")}`];
    return [];
  });
  return parts.length === 0 ? "conditionally" : `when ${parts.join(" and ")}`;
}

/** The type in words: `string`, `integer or null`, `array of string`, `any`. */
export function typeText(schema: Schema): string {
  const types =
    list(schema["type"]).length > 0 ? list(schema["type"]) : schema["type"] === undefined ? [] : [schema["type"]];
  if (types.length === 0)
    return "const" in schema ? typeof schema["const"] : Array.isArray(schema["enum"]) ? "enum" : "any";
  return types
    .map((type) =>
      type === "array" && isSchema(schema["items"]) ? `array of ${typeText(schema["items"])}` : String(type),
    )
    .join(" or ");
}

const bounds: readonly (readonly [string, string])[] = [
  ["minimum", "minimum"],
  ["exclusiveMinimum", "greater than"],
  ["maximum", "maximum"],
  ["exclusiveMaximum", "less than"],
  ["multipleOf", "multiple of"],
  ["minLength", "at least this many characters:"],
  ["maxLength", "at most this many characters:"],
  ["minItems", "at least this many items:"],
  ["maxItems", "at most this many items:"],
  ["minProperties", "at least this many keys:"],
  ["maxProperties", "at most this many keys:"],
];

/** Every assertion of one parameter's schema, in words, in a fixed order. */
export function constraints(schema: Schema): string[] {
  const out: string[] = [];
  if (Array.isArray(schema["enum"])) out.push(`one of ${schema["enum"].map(json).join(", ")}`);
  if ("const" in schema) out.push(`always ${json(schema["const"])}`);
  for (const [keyword, words] of bounds)
    if (typeof schema[keyword] === "number") out.push(`${words} ${schema[keyword]}`);
  if (typeof schema["pattern"] === "string") out.push(`matches ${schema["pattern"]}`);
  if (typeof schema["format"] === "string") out.push(`format ${schema["format"]}`);
  if (typeof schema["contentMediaType"] === "string") out.push(`text holding ${schema["contentMediaType"]}`);
  if (isSchema(schema["properties"])) out.push(`keys: ${Object.keys(schema["properties"]).join(", ")}`);
  if (schema["additionalProperties"] === false) out.push("no other keys");
  if (isSchema(schema["propertyNames"]))
    out.push(`every key ${constraints(schema["propertyNames"]).join(", ") || "is a string"}`);
  if (isSchema(schema["items"])) for (const item of constraints(schema["items"])) out.push(`each item: ${item}`);
  if ("default" in schema) out.push(`default ${json(schema["default"])}`);
  return out;
}

/** Where a dropped check sits, in words: a parameter (`start_col`), a key inside one, or the whole input. */
export function droppedAt(dropped: DroppedKeyword): string {
  const segments = dropped.pointer
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (segments[0] === "properties" && segments[1] !== undefined) {
    const rest = segments.slice(2).filter((segment) => segment !== "properties");
    return [segments[1], ...rest].join(".");
  }
  return "the input as a whole";
}
