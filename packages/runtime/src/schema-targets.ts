// A tool's inputSchema (JSON Schema 2020-12, as toolcat emits it) rewritten for the targets the
// Standard JSON Schema spec names. Only the keywords toolcat emits are mapped; the input is never
// mutated. Unknown targets throw, as that spec asks of libraries.

export type JsonSchemaObject = { readonly [keyword: string]: unknown };
type Schema = JsonSchemaObject | boolean;
type Mutable = { [keyword: string]: unknown };

export type SchemaTarget = "draft-2020-12" | "draft-07" | "openapi-3.0";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** Keywords whose value is one subschema, an array of them, or a name-to-subschema map. */
const single = ["additionalProperties", "items", "not", "if", "then", "else", "contentSchema", "propertyNames"];
const lists = ["allOf", "anyOf", "oneOf", "prefixItems"];
const maps = ["properties", "$defs", "definitions", "dependentSchemas", "patternProperties"];

/** The schema for `target`; throws a TypeError for a target it does not know. */
export function convertSchema(schema: JsonSchemaObject, target: string): JsonSchemaObject {
  switch (target) {
    case "draft-2020-12":
      return walk(schema, (node) => node) as JsonSchemaObject;
    case "draft-07":
      return { ...(walk(schema, toDraft07) as JsonSchemaObject), $schema: DRAFT_07 };
    case "openapi-3.0":
      return walk(schema, toOpenApi30) as JsonSchemaObject;
    default:
      throw new TypeError(
        `toolcat cannot convert a schema to target ${JSON.stringify(target)}: use draft-2020-12, draft-07 or ` +
          "openapi-3.0",
      );
  }
}

/** Converts children first, then the node itself. */
function walk(schema: Schema, convert: (node: Mutable) => Schema): Schema {
  if (typeof schema === "boolean") return convert === toOpenApi30 ? (schema ? {} : { not: {} }) : schema;
  const node: Mutable = { ...schema };
  for (const key of single) if (key in node) node[key] = walk(node[key] as Schema, convert);
  for (const key of lists)
    if (Array.isArray(node[key])) node[key] = (node[key] as Schema[]).map((s) => walk(s, convert));
  for (const key of maps) {
    if (typeof node[key] === "object" && node[key] !== null) {
      node[key] = Object.fromEntries(
        Object.entries(node[key] as Record<string, Schema>).map(([name, s]) => [name, walk(s, convert)]),
      );
    }
  }
  return convert(node);
}

/** draft-07 has `definitions`, array `items` plus `additionalItems`, and `dependencies`. */
function toDraft07(node: Mutable): Schema {
  const { $defs, prefixItems, items, dependentRequired, dependentSchemas, contentSchema: _dropped, ...rest } = node;
  const out: Mutable = rest;
  if ($defs !== undefined) out["definitions"] = $defs;
  if (prefixItems !== undefined) {
    out["items"] = prefixItems;
    if (items !== undefined) out["additionalItems"] = items;
  } else if (items !== undefined) out["items"] = items;
  if (dependentRequired !== undefined || dependentSchemas !== undefined) {
    out["dependencies"] = { ...(dependentSchemas as object | undefined), ...(dependentRequired as object | undefined) };
  }
  if (typeof out["$ref"] === "string") out["$ref"] = out["$ref"].replace(/^#\/\$defs\//, "#/definitions/");
  return out;
}

/**
 * OpenAPI 3.0 Schema Objects lack `const`, type arrays, `if`/`then`, `dependentRequired`,
 * `propertyNames` and the content keywords. `const` becomes a one-value `enum`, a type array with
 * "null" becomes `nullable`, and the two conditionals keep their meaning through `anyOf`/`not`:
 * "if A then B" is "not A, or B"; "a requires b" is "no a, or b present". Content keywords are
 * annotations and are dropped, as are `$schema` and `propertyNames` (which only occurs inside
 * `contentSchema` in toolcat's schemas).
 */
function toOpenApi30(node: Mutable): Schema {
  const {
    $schema: _s,
    const: constant,
    if: condition,
    then,
    else: otherwise,
    dependentRequired,
    prefixItems,
    ...rest
  } = node;
  const { contentMediaType: _m, contentSchema: _c, propertyNames: _p, ...out }: Mutable = rest;
  // No tuples in 3.0: each item may match any position's schema, which accepts more. toolcat's own
  // schemas have no tuples; this only keeps a hand-written schema convertible.
  if (Array.isArray(prefixItems))
    out["items"] = { anyOf: [...(prefixItems as Schema[]), ...(out["items"] === undefined ? [] : [out["items"]])] };
  const all: Schema[] = Array.isArray(out["allOf"]) ? [...(out["allOf"] as Schema[])] : [];
  if (constant !== undefined) out["enum"] = [constant];
  if (Array.isArray(out["type"])) {
    const types = (out["type"] as string[]).filter((type) => type !== "null");
    if (types.length < (out["type"] as string[]).length) out["nullable"] = true;
    if (types.length === 1) out["type"] = types[0];
    else {
      delete out["type"];
      all.push({ anyOf: types.map((type) => ({ type })) });
    }
  }
  if (condition !== undefined) {
    if (then !== undefined) all.push({ anyOf: [{ not: condition }, then] });
    if (otherwise !== undefined) all.push({ anyOf: [condition, otherwise] });
  }
  for (const [name, needs] of Object.entries((dependentRequired ?? {}) as Record<string, string[]>)) {
    all.push({ anyOf: [{ not: { required: [name] } }, { required: needs }] });
  }
  if (all.length > 0) out["allOf"] = all;
  return out;
}
