// Deterministic input generation from a tool's inputSchema: a valid input, then random mutations
// that hit each constraint kind (type, required, required-on-execute, bounds, enum, format,
// key counts, unknown keys, conditional rules). Seeded, so a failure reproduces exactly.

import { formatPatterns } from "@toolcat/runtime/formats";
import { executeView } from "@toolcat/runtime/internal";

type Schema = { readonly [keyword: string]: unknown };

/** The generators' seeded generator (mulberry32), so a failing seed replays the same inputs. */
export { seededRandom as random } from "../../generators/test/emit/hostile-text.ts";

const validByFormat: Record<string, readonly string[]> = {
  date: ["2024-02-29", "1999-12-31"],
  "date-time": [
    "2024-05-01T12:00:00Z",
    "2024-05-01T12:00:00.5+02:00",
    "2024-05-01T23:59:60Z",
    "2024-05-01t01:59:60+02:00",
  ],
  url: ["https://example.com/a?b=c", "http://localhost:8080", "HTTPS://[::1]:8080/%20"],
  uri: ["urn:isbn:0451450523", "https://example.com"],
  "column-letters": ["A", "AB"],
  column: ["C", "12"],
  csv: ["a,b,c", "one"],
  json: ['{"a":1}', "[]", "null"],
  "cell-data": ['{"1":{"A":1,"B":"x"}}', '{"2":{"C":true,"D":1.5}}'],
  bearer: ["Bearer abc.def"],
  jwt: ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln"],
};

const invalidByFormat: Record<string, readonly string[]> = {
  date: ["2023-02-29", "2024-13-01", "yesterday", "2024-1-1"],
  "date-time": [
    "2024-05-01",
    "2024-05-01T25:00:00Z",
    "2024-05-01T12:00:00",
    "2024-05-01 12:00:00Z",
    "2024-05-01T12:00:00+0200",
    "2024-05-01T12:00:60Z",
  ],
  url: ["not a url", "ftp://example.com", "", "https:example.com", "https://a/%zz", "http://"],
  uri: ["no scheme", "", "http://exa mple.com", "urn:%zz", "x:"],
  "column-letters": ["A1", "1", "", "A B"],
  column: ["0", "A1", "", "-3"],
  csv: [",", "a,,b", ""],
  json: ["{", "", "{'a':1}"],
  "cell-data": ['{"A":{"1":1}}', '{"1":{"A":null}}', "[]", '{"1":[1]}', "{"],
  bearer: ["Token abc", "Bearer", "bearer abc"],
  jwt: ["abc", "a.b", "a.b.c.d"],
};

const formatByPattern = new Map<string, string>(
  Object.entries(formatPatterns).map(([format, pattern]) => [pattern, format]),
);

/** The toolcat format a string schema encodes with standard keywords, read back for picking samples. */
export function toolcatFormat(schema: Schema): string | undefined {
  if (schema["contentSchema"] !== undefined) return "cell-data";
  if (schema["contentMediaType"] !== undefined) return "json";
  const byPattern = formatByPattern.get(schema["pattern"] as string);
  return byPattern ?? (schema["format"] as string | undefined);
}

const wrongValues: readonly unknown[] = [null, true, "text", 1.5, -1, 0, [], {}, ["x", 1], { a: 1 }, 1e21];

function pick<T>(rng: () => number, values: readonly T[]): T {
  return values[Math.floor(rng() * values.length)] as T;
}

function properties(schema: Schema): Record<string, Schema> {
  return (schema["properties"] ?? {}) as Record<string, Schema>;
}

/** A value that satisfies `schema`. */
export function validValue(schema: Schema, rng: () => number): unknown {
  if (Array.isArray(schema["enum"])) return pick(rng, schema["enum"] as unknown[]);
  switch (schema["type"]) {
    case "string": {
      const format = toolcatFormat(schema);
      return format === undefined
        ? pick(rng, ["", "plain", 'quote " and \\u2028 \u2028', "ünïcödé"])
        : pick(rng, validByFormat[format] ?? []);
    }
    case "integer":
    case "number": {
      const min = (schema["minimum"] as number | undefined) ?? -5;
      const max = (schema["maximum"] as number | undefined) ?? min + 100;
      const value = min + Math.floor(rng() * (max - min + 1));
      return schema["type"] === "number" && rng() < 0.3 && value < max ? value + 0.5 : value;
    }
    case "boolean":
      return rng() < 0.5;
    case "array":
      return Array.from({ length: Math.floor(rng() * 3) }, () => validValue(schema["items"] as Schema, rng));
    case "object": {
      const min = (schema["minProperties"] as number | undefined) ?? 0;
      const max = (schema["maxProperties"] as number | undefined) ?? 3;
      const count = min + Math.floor(rng() * (max - min + 1));
      return Object.fromEntries(Array.from({ length: count }, (_, i) => [`key_${i}`, i]));
    }
    default:
      return "anything";
  }
}

/** A value that breaks one constraint of `schema`, or an arbitrary wrong value. */
export function invalidValue(schema: Schema, rng: () => number): unknown {
  const options: unknown[] = [...wrongValues];
  if (Array.isArray(schema["enum"])) options.push("NOT_A_VALUE", `${String((schema["enum"] as unknown[])[0])} `);
  const format = toolcatFormat(schema);
  if (format !== undefined) options.push(...(invalidByFormat[format] ?? []));
  if (typeof schema["minimum"] === "number") options.push(schema["minimum"] - 1, schema["minimum"]);
  if (typeof schema["maximum"] === "number") options.push(schema["maximum"] + 1, schema["maximum"]);
  if (typeof schema["maxProperties"] === "number")
    options.push(Object.fromEntries(Array.from({ length: schema["maxProperties"] + 1 }, (_, i) => [`k${i}`, i])));
  if (typeof schema["minProperties"] === "number") options.push({});
  if (schema["type"] === "array") options.push(["ok", 2], [null]);
  return pick(rng, options);
}

/** A valid input for a tool: every required parameter and a random subset of the others. */
export function validInput(toolSchema: Schema, rng: () => number, mode?: string): Record<string, unknown> {
  const schema: Schema = executeView(toolSchema);
  const input: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties(schema))) {
    if (rng() < 0.7) input[name] = validValue(property, rng);
  }
  for (const name of (schema["required"] ?? []) as string[])
    input[name] = validValue(properties(schema)[name] ?? {}, rng);
  if (mode !== undefined && "mode" in properties(schema)) input["mode"] = mode;
  // Conditional requirements: satisfy every `then` whose `if` holds, and every dependency.
  for (const condition of (schema["allOf"] ?? []) as Schema[]) {
    const when = Object.entries(properties(condition["if"] as Schema))[0];
    if (when !== undefined && input[when[0]] === (when[1] as Schema)["const"]) {
      for (const name of ((condition["then"] as Schema)["required"] ?? []) as string[])
        input[name] ??= validValue(properties(schema)[name] ?? {}, rng);
    }
  }
  for (const [name, needs] of Object.entries((schema["dependentRequired"] ?? {}) as Record<string, string[]>)) {
    if (name in input) for (const other of needs) input[other] ??= validValue(properties(schema)[other] ?? {}, rng);
  }
  return input;
}

/** An input with 1–3 random mutations; it may or may not still be valid. */
export function mutatedInput(toolSchema: Schema, rng: () => number): Record<string, unknown> {
  const schema: Schema = executeView(toolSchema);
  const modes = (properties(schema)["mode"]?.["enum"] ?? [undefined]) as (string | undefined)[];
  const input = validInput(schema, rng, pick(rng, modes));
  const names = Object.keys(properties(schema));
  const mutations = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < mutations; i++) {
    const choice = rng();
    const name = names.length > 0 ? pick(rng, names) : undefined;
    if (name === undefined || choice < 0.1) input[pick(rng, ["unknown_key", "__proto__x", "Mode", "constructor"])] = 1;
    else if (choice < 0.3) delete input[name];
    else if (choice < 0.5) input[name] = validValue(properties(schema)[name] ?? {}, rng);
    else input[name] = invalidValue(properties(schema)[name] ?? {}, rng);
  }
  return input;
}

/** Every candidate value worth trying for one property: its edges, samples and wrong types. */
function edgeValues(schema: Schema): unknown[] {
  const values: unknown[] = [...wrongValues];
  if (Array.isArray(schema["enum"])) values.push(...(schema["enum"] as unknown[]), "NOT_A_VALUE");
  const format = toolcatFormat(schema);
  if (format !== undefined) values.push(...(validByFormat[format] ?? []), ...(invalidByFormat[format] ?? []));
  for (const bound of ["minimum", "maximum"]) {
    const value = schema[bound];
    if (typeof value === "number") values.push(value - 1, value - 0.5, value, value + 0.5, value + 1);
  }
  for (const bound of ["minProperties", "maxProperties"]) {
    const value = schema[bound];
    if (typeof value === "number")
      for (const n of [value - 1, value, value + 1])
        if (n >= 0) values.push(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
  }
  if (schema["type"] === "array")
    values.push(["ok"], ["ok", 2], [null], [...edgeValues((schema["items"] ?? {}) as Schema).slice(-3)]);
  return values;
}

/** One input per (property, edge value), each on top of a valid input: systematic constraint coverage. */
export function edgeInputs(toolSchema: Schema, rng: () => number): Record<string, unknown>[] {
  const schema: Schema = executeView(toolSchema);
  const modes = (properties(schema)["mode"]?.["enum"] ?? [undefined]) as (string | undefined)[];
  return Object.entries(properties(schema)).flatMap(([name, property]) =>
    edgeValues(property).flatMap((value) => modes.map((mode) => ({ ...validInput(schema, rng, mode), [name]: value }))),
  );
}
