// Seeded random request bodies for a body's JSON Schema (as toolcat emits it: $defs, $ref, the
// applicators and bounds it writes): mostly values the schema accepts, some with one part replaced
// by an arbitrary value, so both answers of a validator are exercised.
type Schema = { readonly [keyword: string]: unknown };
type Random = () => number;

const arbitrary = [null, 0, -1, 2.5, "", "x", "long string!", true, [], [1], {}, { a: 1 }];
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** A body for `root`; recursion through $ref stops growing past a few levels. */
export function bodyValue(root: Schema, random: Random): unknown {
  const defs = (root["$defs"] ?? {}) as Record<string, Schema>;
  const value = (schema: Schema, depth: number): unknown => {
    // A required recursive field has no finite valid value: deep down, anything will do.
    if (random() < 0.04 || depth > 12) return pick(random, arbitrary);
    const ref = schema["$ref"];
    if (typeof ref === "string") return value(defs[ref.slice("#/$defs/".length)] ?? {}, depth + 1);
    const options = (schema["anyOf"] ?? schema["oneOf"]) as Schema[] | undefined;
    if (options !== undefined) return value(pick(random, options), depth + 1);
    if (Array.isArray(schema["allOf"])) return value((schema["allOf"] as Schema[])[0] ?? {}, depth + 1);
    if (Array.isArray(schema["enum"])) return pick(random, schema["enum"] as unknown[]);
    const deep = depth > 6;
    switch (schema["type"]) {
      case "null":
        return null;
      case "boolean":
        return random() < 0.5;
      case "integer":
      case "number": {
        const low = Math.max(Number(schema["minimum"] ?? -5), Number(schema["exclusiveMinimum"] ?? -6) + 1);
        const n = Math.min(low + Math.floor(random() * 10), Number(schema["maximum"] ?? Infinity));
        return schema["type"] === "number" && random() < 0.5 ? n + 0.5 : n;
      }
      case "string":
        return "abcdefghij".slice(0, Number(schema["minLength"] ?? 0) + Math.floor(random() * 3));
      case "array":
        return deep
          ? []
          : Array.from({ length: Math.min(Math.floor(random() * 3), Number(schema["maxItems"] ?? 3)) }, () =>
              value((schema["items"] ?? {}) as Schema, depth + 1),
            );
      case "object": {
        const properties = (schema["properties"] ?? {}) as Record<string, Schema>;
        const required = (schema["required"] ?? []) as string[];
        const out: Record<string, unknown> = {};
        for (const [name, property] of Object.entries(properties)) {
          if (required.includes(name) || (!deep && random() < 0.5)) out[name] = value(property, depth + 1);
        }
        if (random() < 0.1) out["extra field"] = 1;
        return out;
      }
      default:
        return pick(random, arbitrary);
    }
  };
  return value(root, 0);
}
