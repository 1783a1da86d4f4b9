// OpenAI structured-outputs ("strict") form of a tool's schema. Strict mode requires every property
// in `required` (optional ones made nullable: a null there means "left out"), `additionalProperties:
// false` on every object, and only the keywords it documents; a schema that cannot meet that (any
// object whose keys are not listed) ships non-strict, with the reason. What strict mode cannot
// express (conditionals, dependencies, length bounds) is dropped and reported; the validator checks it.
import type { JsonSchemaObject } from "../schema-targets.js";
import { pointer } from "../validation.js";
import { executeView } from "./execute-view.js";
import { DropList, lowerNode, type DroppedKeyword, type FormRules, type Mutable } from "./lowered.js";
import { lowerOpenAiNonStrict } from "./loose.js";

export type OpenAiLowered =
  | {
      readonly strict: true;
      readonly schema: JsonSchemaObject;
      readonly dropped: readonly DroppedKeyword[];
      /** Argument pointers of the optional properties made nullable; `stripStrictNulls` removes their nulls. */
      readonly strictNulls: readonly string[];
    }
  | {
      readonly strict: false;
      readonly reason: string;
      readonly schema: JsonSchemaObject;
      readonly dropped: readonly DroppedKeyword[];
    };

/** String formats strict mode supports; others are dropped (a `pattern` beside them stays). */
export const strictFormats: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

/** Keywords strict mode accepts in a property's schema. */
export const strictKeywords: ReadonlySet<string> = new Set([
  "type",
  "description",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "anyOf",
  "$defs",
  "$ref",
]);

const strictRules: FormRules = {
  // Key counts are kept only until the rewrite closes the (empty) object, which enforces them.
  keeps: (keyword, value) =>
    (strictKeywords.has(keyword) && (keyword !== "format" || strictFormats.has(value as string))) ||
    keyword === "minProperties" ||
    keyword === "maxProperties",
  rewrite: (node) => (node["type"] === "object" ? closed(node) : node),
};

/** The strict form of `schema`, or its non-strict form with the reason strict mode cannot take it. */
export function lowerOpenAiStrict(full: JsonSchemaObject): OpenAiLowered {
  const schema = executeView(full);
  const properties = schema["properties"] as Readonly<Record<string, JsonSchemaObject>> | undefined;
  const open =
    properties === undefined ? undefined : Object.entries(properties).find(([, property]) => hasOpenObject(property));
  if (properties === undefined || open !== undefined) {
    const reason =
      open === undefined
        ? "the catalog does not show this tool's parameters"
        : `parameter ${open[0]} is an object with keys the catalog does not list`;
    return { strict: false, reason, ...lowerOpenAiNonStrict(full) };
  }
  const drops = new DropList();
  for (const keyword of Object.keys(schema))
    if (!["type", "properties", "required", "additionalProperties"].includes(keyword)) drops.drop("", keyword);
  const required = new Set((schema["required"] ?? []) as string[]);
  const strictNulls: string[] = [];
  const lowered: Mutable = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = lowerNode(property, strictRules, pointer("properties", name), drops) as JsonSchemaObject;
    if (required.has(name)) lowered[name] = value;
    else {
      lowered[name] = nullable(value);
      strictNulls.push(pointer(name));
    }
  }
  return {
    strict: true,
    schema: { type: "object", properties: lowered, required: Object.keys(properties), additionalProperties: false },
    dropped: drops.list,
    strictNulls,
  };
}

/** An object strict mode cannot close, here or in array items: any object other than the empty one. */
function hasOpenObject(schema: JsonSchemaObject): boolean {
  if (schema["type"] === "object") return schema["maxProperties"] !== 0;
  return (
    typeof schema["items"] === "object" &&
    schema["items"] !== null &&
    hasOpenObject(schema["items"] as JsonSchemaObject)
  );
}

/** An object strict mode can close: the empty one (open objects make the schema non-strict). */
function closed(node: Mutable): Mutable {
  const description = node["description"] === undefined ? {} : { description: node["description"] };
  return { type: "object", ...description, properties: {}, required: [], additionalProperties: false };
}

/** Null allowed too: strict mode's way to leave a parameter out. */
function nullable(schema: JsonSchemaObject): JsonSchemaObject {
  const type = schema["type"];
  const out: Mutable = { ...schema, type: Array.isArray(type) ? [...(type as string[]), "null"] : [type, "null"] };
  if (Array.isArray(schema["enum"])) out["enum"] = [...(schema["enum"] as unknown[]), null];
  return out;
}
