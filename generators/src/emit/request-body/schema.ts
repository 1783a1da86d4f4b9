// A captured request body as standard JSON Schema 2020-12, the `contentSchema` of the request_body
// text in inputSchema and the manifest. Components are inlined so the schema stands alone wherever a
// tool format copies it; a component that contains itself is cut to `{}` where it recurs.
import type { BodySchema, CapturedRequestBody } from "../../ir/request-body.ts";
import type { Tool } from "../../ir/types.ts";
import type { JsonSchema } from "../../ir/json.ts";

/** The tool's parameter schemas with the captured body as request_body's `contentSchema`. */
export function withRequestBodySchema(tool: Tool, properties: JsonSchema): JsonSchema {
  const property = properties["request_body"];
  if (tool.requestBody === undefined || typeof property !== "object" || property === null) return properties;
  return { ...properties, request_body: { ...property, contentSchema: bodyJsonSchema(tool.requestBody) } };
}

export function bodyJsonSchema(body: CapturedRequestBody): JsonSchema {
  const components = new Map(body.components.map((c) => [c.name, c.schema]));
  const convert = (schema: BodySchema, open: readonly string[]): JsonSchema => {
    const described = (result: JsonSchema): JsonSchema => (schema.description === undefined ? result : { description: schema.description, ...result });
    if (schema.kind === "any") return described({});
    if (schema.kind === "null") return described({ type: "null" });
    const core = ((): JsonSchema => {
      switch (schema.kind) {
        case "string":
          return { type: "string", ...pick(schema, ["minLength", "maxLength"]) };
        case "integer":
        case "number":
          return { type: schema.kind, ...pick(schema, ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) };
        case "boolean":
          return { type: "boolean" };
        case "enum":
          return { enum: [...schema.values] };
        case "array":
          return { type: "array", items: convert(schema.items, open), ...pick(schema, ["minItems", "maxItems"]) };
        case "object": {
          const required = schema.properties.filter((p) => p.required).map((p) => p.name);
          return {
            type: "object",
            properties: Object.fromEntries(schema.properties.map((p) => [p.name, convert(p.schema, open)])),
            ...(required.length > 0 && { required }),
            ...(schema.additional !== true && { additionalProperties: schema.additional === false ? false : convert(schema.additional, open) }),
            ...pick(schema, ["minProperties", "maxProperties"]),
          };
        }
        case "oneOf":
        case "anyOf":
        case "allOf":
          return { [schema.kind]: schema.options.map((option) => convert(option, open)) };
        case "ref": {
          const target = components.get(schema.name);
          return target === undefined || open.includes(schema.name) ? {} : convert(target, [...open, schema.name]);
        }
      }
    })();
    // Null as a separate branch rather than a type list: stock strict Ajv rejects union types.
    return described(schema.nullable ? { anyOf: [{ type: "null" }, core] } : core);
  };
  return convert(body.root, []);
}

function pick<T extends object, K extends keyof T & string>(value: T, keys: readonly K[]): Partial<Record<K, T[K]>> {
  return Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]])) as Partial<Record<K, T[K]>>;
}
