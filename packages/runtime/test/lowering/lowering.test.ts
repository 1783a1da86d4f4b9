// Every provider lowering over schemas holding every keyword the generators emit, hostile property
// names included, plus seeded random schemas: each form keeps only keywords it accepts, reports
// every assertion it leaves out at a pointer that exists, is deterministic and never mutates.
import { describe, expect, it } from "vitest";
import {
  executeView,
  geminiFormats,
  geminiJsonSchemaKeywords,
  geminiSchemaFields,
  lowerAnthropic,
  lowerGeminiJsonSchema,
  lowerGeminiParameters,
  lowerMcp,
  lowerOpenAiNonStrict,
  lowerOpenAiStrict,
  strictFormats,
  strictKeywords,
  annotations,
  type Lowered,
} from "../../src/lowering/index.js";
import type { JsonSchemaObject } from "../../src/schema-targets.js";

type Node = { [keyword: string]: unknown };

const hostileNames = ["a/b", "t~0", "x y", "ünï", "__proto__x", "'\"`${}", "<script>"];

/** A random parameter schema, as the generators emit them, from a seeded generator. */
function randomParameter(next: () => number, depth = 0): Node {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const kind = pick(["string", "integer", "number", "boolean", "enum", "array", "object", "json"] as const);
  const described = next() < 0.5 ? { description: `Desc ${pick(hostileNames)}.` } : {};
  switch (kind) {
    case "string":
      return {
        type: "string",
        ...described,
        ...(next() < 0.5 && { format: pick(["date", "date-time", "uri", "email"]) }),
        ...(next() < 0.5 && { pattern: "^[A-Z]+$" }),
      };
    case "integer":
    case "number":
      return {
        type: kind,
        ...described,
        ...(next() < 0.5 && { minimum: 1 }),
        ...(next() < 0.5 && { maximum: 1000 }),
        ...(next() < 0.3 && { default: 5 }),
      };
    case "boolean":
      return { type: "boolean", ...described };
    case "enum":
      return { type: "string", enum: ["a", "b", pick(hostileNames)], ...described };
    case "array":
      return {
        type: "array",
        ...described,
        items: depth > 1 ? { type: "string" } : randomParameter(next, depth + 1),
        ...(next() < 0.5 && { minItems: 1 }),
      };
    case "object":
      return { type: "object", ...described, ...(next() < 0.5 ? { maxProperties: 0 } : { minProperties: 1 }) };
    case "json":
      return {
        type: "string",
        contentMediaType: "application/json",
        contentSchema: { type: "array", items: { type: "array" } },
      };
  }
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A whole tool schema: plain, or in the mode-pattern shape with `if`/`else`. */
function randomTool(seed: number): JsonSchemaObject {
  const next = seeded(seed);
  const names = Array.from(
    { length: 1 + Math.floor(next() * 5) },
    (_, i) => `${hostileNames[Math.floor(next() * hostileNames.length)]}${i}`,
  );
  const properties = Object.fromEntries(names.map((name) => [name, randomParameter(next)]));
  const required = names.filter(() => next() < 0.4);
  const conditions =
    next() < 0.5
      ? {
          allOf: [
            { if: { properties: { [names[0]!]: { const: "x" } }, required: [names[0]!] }, then: { required: names } },
          ],
        }
      : {};
  const dependent = names.length > 1 && next() < 0.5 ? { dependentRequired: { [names[0]!]: [names[1]!] } } : {};
  const base = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" };
  if (next() < 0.3) {
    const annotated = Object.fromEntries(names.map((name) => [name, { description: "Ignored by other modes." }]));
    return {
      ...base,
      properties: { mode: { type: "string", enum: ["get_request_schema", "execute"] }, ...annotated },
      required: ["mode"],
      additionalProperties: false,
      if: { properties: { mode: { enum: ["get_request_schema"] } }, required: ["mode"] },
      else: { properties, required, ...conditions, ...dependent },
    };
  }
  return {
    ...base,
    properties,
    ...(required.length > 0 && { required }),
    ...dependent,
    ...conditions,
    additionalProperties: false,
  };
}

/** Every keyword used anywhere in a schema, with the schema pointer of its node. */
function keywords(schema: unknown, at = ""): [string, string, unknown][] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return [];
  const out: [string, string, unknown][] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    out.push([at, keyword, value]);
    if (["properties", "$defs"].includes(keyword))
      for (const [name, child] of Object.entries(value as object))
        out.push(...keywords(child, `${at}/${keyword}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`));
    else if (["items", "additionalProperties", "contentSchema"].includes(keyword))
      out.push(...keywords(value, `${at}/${keyword}`));
    else if (["anyOf", "allOf", "prefixItems"].includes(keyword))
      (value as unknown[]).forEach((child, i) => out.push(...keywords(child, `${at}/${keyword}/${i}`)));
  }
  return out;
}

function resolve(schema: unknown, at: string): unknown {
  return at
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Node | undefined)?.[key], schema);
}

/** The strict form; a schema with an open object ships the non-strict form, checked above (the seed is skipped). */
const strictOnly = (schema: JsonSchemaObject): Lowered => lowerOpenAiStrict(schema);

type Accepts = (keyword: string, value: unknown, at: string) => boolean;
/** What the OpenAI and Anthropic loose forms take: anything but `$schema` and combinators at the top. */
const loose: Accepts = (k, _v, at) => at !== "" || !["$schema", "allOf", "anyOf", "oneOf"].includes(k);

const forms: [string, (schema: JsonSchemaObject) => Lowered, Accepts][] = [
  ["MCP", lowerMcp, () => true],
  ["Anthropic", lowerAnthropic, loose],
  ["OpenAI non-strict", lowerOpenAiNonStrict, loose],
  [
    "OpenAI strict (where the schema can be strict)",
    strictOnly,
    (k, v) => strictKeywords.has(k) && (k !== "format" || strictFormats.has(v as string)),
  ],
  [
    "Gemini parametersJsonSchema",
    lowerGeminiJsonSchema,
    (k, v) => geminiJsonSchemaKeywords.has(k) && (k !== "format" || geminiFormats.has(v as string)),
  ],
  [
    "Gemini parameters",
    lowerGeminiParameters,
    (k, v) => geminiSchemaFields.has(k) && (k !== "format" || geminiFormats.has(v as string)),
  ],
];

const seeds = Array.from({ length: 60 }, (_, i) => i * 7919 + 1);

describe.each(forms)("%s lowering", (_name, lower, accepts) => {
  it.each(seeds)(
    "seed %i: keeps only accepted keywords, reports each dropped assertion where it was, never mutates",
    (seed) => {
      const full = randomTool(seed);
      if (lower === strictOnly && !lowerOpenAiStrict(full).strict) return;
      const before = structuredClone(full);
      const lowered = lower(full);
      expect(full).toEqual(before);
      expect(lower(full)).toEqual(lowered);
      const top = lowered.schema;
      expect(top["type"] === "object" || top["type"] === "OBJECT").toBe(true);
      for (const [at, keyword, value] of keywords(top))
        expect(accepts(keyword, value, at), `${at} ${keyword}`).toBe(true);
      for (const dropped of lowered.dropped) {
        expect(annotations.has(dropped.keyword)).toBe(false);
        expect(resolve(executeView(full), dropped.pointer), dropped.pointer).toHaveProperty([dropped.keyword]);
        expect(dropped.reason).not.toBe("");
      }
      const view = executeView(full);
      const lost = keywords(view).filter(
        ([at, keyword, value]) =>
          !annotations.has(keyword) && !accepts(keyword, value, at) && resolve(top, at) !== undefined,
      );
      for (const [at, keyword] of lost) {
        // Kept in another shape (a const as an enum, a closed empty object) or reported.
        const shaped =
          keyword === "const" ||
          keyword === "minProperties" ||
          keyword === "maxProperties" ||
          keyword === "additionalProperties";
        if (!shaped)
          expect(lowered.dropped, `${at} ${keyword}`).toContainEqual(expect.objectContaining({ pointer: at, keyword }));
      }
    },
  );
});

describe("Gemini parameters", () => {
  it("uses Gemini's types, nullable for null, and int64 counts as strings", () => {
    const lowered = lowerGeminiParameters({
      type: "object",
      properties: {
        a: { type: ["string", "null"], enum: ["x", null], minLength: 2 },
        b: { type: "array", items: { type: "integer" }, maxItems: 3 },
      },
      additionalProperties: false,
    });
    expect(lowered.schema).toEqual({
      type: "OBJECT",
      properties: {
        a: { type: "STRING", enum: ["x"], nullable: true, minLength: "2" },
        b: { type: "ARRAY", items: { type: "INTEGER" }, maxItems: "3" },
      },
    });
    expect(lowered.dropped).toEqual([]);
    expect(lowered.openObjects).toEqual([]);
  });

  it.each([
    ["parameters not shown", { type: "object" }, [""]],
    [
      "an open object parameter",
      { type: "object", properties: { o: { type: "object", minProperties: 1 } }, additionalProperties: false },
      ["/properties/o"],
    ],
    [
      "open items",
      {
        type: "object",
        properties: { l: { type: "array", items: { type: "object", properties: {} } } },
        additionalProperties: false,
      },
      ["/properties/l/items"],
    ],
    [
      "closed objects only",
      {
        type: "object",
        properties: { o: { type: "object", properties: {}, additionalProperties: false } },
        additionalProperties: false,
      },
      [],
    ],
  ])("reports %s as an object the form cannot leave open", (_label, schema, open) => {
    expect(lowerGeminiParameters(schema).openObjects).toEqual(open);
  });
});
