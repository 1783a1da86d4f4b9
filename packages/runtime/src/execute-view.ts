// A mode-pattern tool's input schema as it applies with mode execute: what a provider form that
// cannot hold conditionals is lowered from, at generation time (the tool files) and at run time
// (strictStandardSchema).
import type { JsonSchemaObject } from "./schema-targets.js";

/**
 * A mode-pattern schema as it applies with mode execute, as models and input generators read it:
 * the parameters' types (under `else`, since mode get_request_schema ignores them) merged into
 * `properties`, the if/else dropped. The descriptions say when a parameter is required and that
 * other modes ignore it; the validator enforces both. Any other schema is returned as it is.
 */
export function executeView(schema: JsonSchemaObject): JsonSchemaObject {
  const { if: _if, else: otherwise, ...rest } = schema as { if?: unknown; else?: JsonSchemaObject } & JsonSchemaObject;
  if (otherwise === undefined) return schema;
  const { properties: typed = {}, ...checks } = otherwise as { properties?: Record<string, JsonSchemaObject> } & JsonSchemaObject;
  const top = (rest["properties"] ?? {}) as Record<string, JsonSchemaObject>;
  const properties = Object.fromEntries(Object.entries(top).map(([name, annotations]) => [name, { ...(typed[name] ?? {}), ...annotations }]));
  const required = [...((rest["required"] ?? []) as string[]), ...((checks["required"] ?? []) as string[])];
  return { ...rest, ...checks, properties, required };
}
