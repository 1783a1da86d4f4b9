// A captured request body as standard JSON Schema 2020-12, the `contentSchema` of the request_body
// text in inputSchema and the manifest. Components become `$defs` referred to by `$ref`, so a shared
// or recursive component is written once. The schema is its own resource (`$id`), so those refs
// resolve inside it both where it is embedded and when a tool format or a user copies it out.
import type { BodySchema, CapturedRequestBody } from "../../ir/request-body.ts";
import type { Tool } from "../../ir/types.ts";
import type { JsonSchema } from "../../ir/json.ts";

/** The tool's parameter schemas with the captured body as request_body's `contentSchema`. */
export function withRequestBodySchema(tool: Tool, properties: JsonSchema): JsonSchema {
  const property = properties["request_body"];
  if (tool.requestBody === undefined || typeof property !== "object" || property === null) return properties;
  return { ...properties, request_body: { ...property, contentSchema: bodyJsonSchema(tool.fullName, tool.requestBody) } };
}

export function bodyJsonSchema(fullName: string, body: CapturedRequestBody): JsonSchema {
  const convert = (schema: BodySchema): JsonSchema => {
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
          return { type: "array", items: convert(schema.items), ...pick(schema, ["minItems", "maxItems"]) };
        case "object": {
          const required = schema.properties.filter((p) => p.required).map((p) => p.name);
          return {
            type: "object",
            properties: Object.fromEntries(schema.properties.map((p) => [p.name, convert(p.schema)])),
            ...(required.length > 0 && { required }),
            ...(schema.additional !== true && { additionalProperties: schema.additional === false ? false : convert(schema.additional) }),
            ...pick(schema, ["minProperties", "maxProperties"]),
          };
        }
        case "oneOf":
        case "anyOf":
        case "allOf":
          return { [schema.kind]: schema.options.map((option) => convert(option)) };
        case "ref":
          // Component names are letters, digits, `.`, `_` and `-`: nothing to escape in a pointer.
          return { $ref: `#/$defs/${schema.name}` };
      }
    })();
    // Null as a separate branch rather than a type list: stock strict Ajv rejects union types.
    return described(schema.nullable ? { anyOf: [{ type: "null" }, core] } : core);
  };
  const $defs = Object.fromEntries(body.components.map((c) => [c.name, convert(c.schema)]));
  return { $id: `urn:toolcat:request-body:${fullName}`, ...convert(body.root), ...(body.components.length > 0 && { $defs }) };
}

function pick<T extends object, K extends keyof T & string>(value: T, keys: readonly K[]): Partial<Record<K, T[K]>> {
  return Object.fromEntries(keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]])) as Partial<Record<K, T[K]>>;
}
