// The view of a mode-pattern schema every provider form starts from. toolcat's mode-pattern
// schemas keep the parameters' types under `else` (mode get_request_schema ignores them, whatever
// their values); models read them as they apply with mode execute: the types merged into
// `properties`, the if/else gone. The view is stricter than the full schema, never looser, so it
// drops no check; the descriptions say that other modes ignore the parameters.
import type { JsonSchemaObject } from "../schema-targets.js";

type Properties = Readonly<Record<string, JsonSchemaObject>>;

export function executeView(schema: JsonSchemaObject): JsonSchemaObject {
  const { if: _if, else: otherwise, ...rest } = schema as { if?: unknown; else?: JsonSchemaObject } & JsonSchemaObject;
  if (otherwise === undefined) return schema;
  const { properties: typed = {}, ...checks } = otherwise as { properties?: Properties } & JsonSchemaObject;
  const top = (rest["properties"] ?? {}) as Properties;
  const properties = Object.fromEntries(
    Object.entries(top).map(([name, annotations]) => [name, { ...(typed[name] ?? {}), ...annotations }]),
  );
  const required = [...((rest["required"] ?? []) as string[]), ...((checks["required"] ?? []) as string[])];
  return { ...rest, ...checks, properties, required };
}
