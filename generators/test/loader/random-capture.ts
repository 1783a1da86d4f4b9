// Seeded random captures for the capture loader's fuzz test: OpenAPI schema documents with nested
// objects, arrays, components and $refs (recursive ones too), enums, composites, hostile strings and
// odd numbers, written as the capture file `schemas pull` would store; with a random mutation
// (null in place of a value, an unknown keyword, a non-finite number, a forbidden character, a bare
// $ref cycle, a dangling $ref) or as JSON text. Seeded, so a failing seed replays exactly.
import { hostileString } from "../emit/hostile-text.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const int = (random: Random, below: number): number => Math.floor(random() * below);

/** Numbers JSON can carry that stress emitters: zero's sign, huge, tiny, fractional, unsafe integers. */
const oddNumbers = [0, -0, 1, -1, 0.5, 1e-300, 1e308, -1.7976931348623157e308, 2 ** 53 + 2, 123456789.125];

export interface RandomCapture {
  /** The capture file's text. */
  readonly text: string;
  /** What was done to the well-formed document, or "none". */
  readonly mutation: string;
}

/** A capture of WidgetApi.ExecuteWidget (the loader table's spec). */
export function randomCapture(random: Random): RandomCapture {
  const componentCount = int(random, 4);
  const names = Array.from(
    { length: componentCount },
    (_, i) => `${pick(random, ["Item", "node.v1", "A-b", "x_"])}${i}`,
  );
  const schema = (depth: number): Json => randomSchema(random, depth, names);
  const components = Object.fromEntries(names.map((name) => [name, schema(1)]));
  const answer: { [key: string]: Json } = {
    ...(schema(0) as { [key: string]: Json }),
    ...(componentCount > 0 && { components: { schemas: components } }),
  };
  const roll = random();
  const mutation = roll < 0.45 ? "none" : mutate(random, answer, names);
  const asText = random() < 0.2;
  const body = asText ? JSON.stringify(serialize(answer)) : serialize(answer);
  const text =
    '{\n  "tool": "WidgetApi.ExecuteWidget",\n  "capturedFrom": "http://127.0.0.1:1",\n  "capturedAt": ' +
    `"2025-01-01T00:00:00.000Z",\n  "answer": ${body}\n}\n`;
  return { text, mutation: `${mutation}${asText ? " (as JSON text)" : ""}` };
}

/** A well-formed schema; $refs appear only under a field or array items, so recursion is guarded. */
function randomSchema(random: Random, depth: number, components: readonly string[]): Json {
  const described = (schema: { [key: string]: Json }): Json =>
    random() < 0.3 ? { ...schema, description: hostileString(random) } : schema;
  const nullable = random() < 0.15 ? { nullable: true } : {};
  const leaf = (): Json => {
    switch (int(random, 6)) {
      case 0:
        return described({
          type: "string",
          ...nullable,
          ...(random() < 0.3 && { minLength: int(random, 3), maxLength: 3 + int(random, 5) }),
          ...(random() < 0.2 && { format: hostileString(random) }),
        });
      case 1:
        return described({
          type: pick(random, ["integer", "number"]),
          ...(random() < 0.4 && { minimum: pick(random, oddNumbers) }),
          ...(random() < 0.3 && { exclusiveMaximum: 1e308 }),
        });
      case 2:
        return described({
          enum: Array.from({ length: 1 + int(random, 3) }, (_, i) =>
            pick(random, [hostileString(random) + i, pick(random, oddNumbers), true, null]),
          ),
        });
      case 3:
        return { type: ["boolean", "null"] };
      case 4:
        return {};
      default:
        return { const: pick(random, [hostileString(random), ...oddNumbers]) };
    }
  };
  const child = (): Json =>
    components.length > 0 && random() < 0.35
      ? { $ref: `#/components/schemas/${pick(random, components)}` }
      : randomSchema(random, depth + 1, components);
  if (depth >= 3) return leaf();
  switch (int(random, 5)) {
    case 0:
    case 1: {
      const fields = Array.from({ length: int(random, 5) }, (_, i) => `${hostileString(random, 2)}${i}`);
      const properties = Object.fromEntries(fields.map((name) => [name, child()]));
      return described({
        type: "object",
        ...nullable,
        properties,
        required: fields.filter(() => random() < 0.4),
        ...(random() < 0.4 && { additionalProperties: random() < 0.5 ? false : leaf() }),
      });
    }
    case 2:
      return described({ type: "array", items: child(), ...(random() < 0.3 && { maxItems: 1 + int(random, 4) }) });
    case 3:
      return {
        [pick(random, ["oneOf", "anyOf", "allOf"])]: Array.from({ length: 1 + int(random, 3) }, () =>
          randomSchema(random, depth + 1, components),
        ),
      };
    default:
      return leaf();
  }
}

/** Breaks the document in one random place; returns what was done. */
function mutate(random: Random, answer: { [key: string]: Json }, components: readonly string[]): string {
  const objects: { [key: string]: Json }[] = [];
  const collect = (value: Json): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === "object" && value !== null) {
      objects.push(value);
      Object.values(value).forEach(collect);
    }
  };
  collect(answer);
  const target = pick(random, objects);
  const keys = Object.keys(target);
  const key = keys.length > 0 ? pick(random, keys) : "type";
  switch (int(random, 6)) {
    case 0:
      target[key] = null;
      return `null at ${key}`;
    case 1:
      target[pick(random, ["patternProperties", "if", "$dynamicRef", "prefixItems"])] = {};
      return "unsupported keyword";
    case 2:
      target[pick(random, ["minimum", "enum", "example"])] = pick(random, [Infinity, -Infinity, NaN, [1, Infinity]]);
      return "non-finite number";
    case 3:
      target["description"] =
        `${hostileString(random)}${pick(random, ["\u202e", "\u2028", "\u0000", "\ud800", "\u001b["])}`;
      return "forbidden character";
    case 4:
      if (components.length === 0) return "none";
      Object.assign(answer, {
        components: {
          schemas: Object.fromEntries(
            components.map((name, i) => [
              name,
              { anyOf: [{ $ref: `#/components/schemas/${components[(i + 1) % components.length] ?? ""}` }] },
            ]),
          ),
        },
      });
      return "bare $ref cycle";
    default:
      target["$ref"] = "#/components/schemas/Missing";
      return "dangling $ref";
  }
}

/**
 * JSON for the capture file, except that non-finite numbers are written as YAML reads them (the
 * loader parses captures as YAML, of which JSON is a part), as an engine's `1e400` would arrive.
 */
function serialize(value: unknown): string {
  if (typeof value === "number")
    return Number.isNaN(value)
      ? ".nan"
      : value === Infinity
        ? "1e400"
        : value === -Infinity
          ? "-1e400"
          : Object.is(value, -0)
            ? "-0"
            : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(serialize).join(", ")}]`;
  if (typeof value === "object" && value !== null)
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${serialize(v)}`)
      .join(", ")} }`;
  return JSON.stringify(value);
}
