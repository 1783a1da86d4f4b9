// strictStandardSchema over a table of tool schemas (strict-capable, open objects, parameters not
// shown, a mode pattern, hostile names) and seeded random hostile inputs: every target gives the
// OpenAI strict lowering, unknown targets throw, nulls go only at the strict pointers, open objects
// are closed and reported, and validate never throws. langChainSchema hands the same object on.
// (Parameter names of Object.prototype, `__proto__` among them, are rejected by the loader.)
import { describe, expect, it } from "vitest";
import { langChainSchema } from "../src/langchain-schema.js";
import { lowerOpenAiStrict } from "../src/lowering/index.js";
import { convertSchema, type JsonSchemaObject } from "../src/schema-targets.js";
import { toStandardSchema } from "../src/standard-schema.js";
import { strictParameters, strictStandardSchema } from "../src/strict-standard-schema.js";
import type { ValidationResult } from "../src/validation.js";

const dialect = "https://json-schema.org/draft/2020-12/schema";
const targets = ["draft-2020-12", "draft-07", "openapi-3.0"] as const;

interface Case {
  readonly name: string;
  readonly schema: JsonSchemaObject;
  /** Argument pointers the strict form closes. */
  readonly closed: readonly string[];
  /** Arguments as a strict model sends them, and what the full validator must receive. */
  readonly sent: Record<string, unknown>;
  readonly received: Record<string, unknown>;
}

const cases: readonly Case[] = [
  {
    name: "required and optional scalars",
    schema: {
      $schema: dialect,
      type: "object",
      properties: { id: { type: "string", maxLength: 9 }, rows: { type: "integer", maximum: 10 } },
      required: ["id"],
      additionalProperties: false,
    },
    closed: [],
    sent: { id: null, rows: null },
    received: { id: null },
  },
  {
    name: "an open object parameter",
    schema: {
      type: "object",
      properties: { q: { type: "string" }, filter: { type: "object", description: "Any keys." } },
      required: [],
      additionalProperties: false,
    },
    closed: ["/filter"],
    sent: { q: "x", filter: null },
    received: { q: "x" },
  },
  {
    name: "an array of open objects",
    schema: {
      type: "object",
      properties: { rows: { type: "array", items: { type: "object" } } },
      required: ["rows"],
      additionalProperties: false,
    },
    closed: ["/rows/*"],
    sent: { rows: [] },
    received: { rows: [] },
  },
  {
    name: "parameters not shown",
    schema: { type: "object" },
    closed: [""],
    sent: { any: null },
    received: { any: null },
  },
  {
    name: "a mode pattern",
    schema: {
      type: "object",
      properties: {
        mode: { enum: ["execute", "get_request_schema"] },
        n: { description: "Required with mode execute." },
      },
      required: ["mode"],
      if: { properties: { mode: { const: "get_request_schema" } } },
      else: { properties: { n: { type: "integer", minimum: 1 } }, required: ["n"] },
    },
    closed: [],
    sent: { mode: "execute", n: null },
    received: { mode: "execute", n: null },
  },
  {
    name: "hostile names",
    schema: {
      type: "object",
      properties: { "a/b": { type: "string" }, "t~0": { type: "boolean" }, "x y": { type: "object" } },
      required: [],
      additionalProperties: false,
    },
    closed: ["/x y"],
    sent: { "a/b": null, "t~0": null },
    received: {},
  },
];

/** A Standard Schema over `schema` whose validator records what reaches it and accepts it. */
function recording(schema: JsonSchemaObject): {
  standard: ReturnType<typeof toStandardSchema<unknown>>;
  seen: unknown[];
} {
  const seen: unknown[] = [];
  const validate = (input: unknown): ValidationResult<unknown> => {
    seen.push(input);
    return { ok: true, value: input };
  };
  return { standard: toStandardSchema(validate, schema), seen };
}

describe.each(cases)("strictStandardSchema: $name", ({ schema, closed, sent, received }) => {
  const { standard, seen } = recording(schema);
  const strict = strictStandardSchema(standard);
  const form = strict["~standard"].jsonSchema.input({ target: "draft-2020-12" });

  it.each(targets)("gives the strict form for %s, input and output alike", (target) => {
    expect(strict["~standard"].jsonSchema.input({ target })).toEqual(convertSchema(form, target));
    expect(strict["~standard"].jsonSchema.output({ target })).toEqual(convertSchema(form, target));
  });

  it("throws for an unknown target", () => {
    expect(() => strict["~standard"].jsonSchema.input({ target: "draft-04" as never })).toThrow();
  });

  it("is a closed strict object whose every property is required", () => {
    expect(form).toMatchObject({ type: "object", additionalProperties: false });
    expect(form["required"]).toEqual(Object.keys(form["properties"] as object));
    expect(strict.strictLoss.closed).toEqual(closed);
  });

  it("gives the same form as strictParameters, with the shape that type claims", () => {
    const parameters = strictParameters(standard);
    expect(parameters).toEqual(form);
    expect(parameters).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: expect.any(Array),
      properties: expect.any(Object),
    });
  });

  it("reports what the strict lowering drops", () => {
    const lowered = lowerOpenAiStrict(schema);
    // A form that is strict as it is drops what lowerOpenAiStrict reports; closing adds nothing.
    if (lowered.strict) expect(strict.strictLoss.dropped).toEqual(lowered.dropped);
    else expect(closed.length).toBeGreaterThan(0);
  });

  it("drops nulls at the strict pointers only, before the full validator", () => {
    seen.length = 0;
    expect(strict["~standard"].validate(sent)).toEqual({ value: received });
    expect(seen).toEqual([received]);
  });
});

/** Seeded generator (mulberry32), so a failure names its seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const throwing = new Proxy(
  {},
  {
    ownKeys: () => {
      throw new Error("trap");
    },
    get: () => {
      throw new Error("trap");
    },
    getOwnPropertyDescriptor: () => {
      throw new Error("trap");
    },
  },
);

function hostileValue(next: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const leaves = [null, undefined, 0, -1, Number.NaN, "", "x".repeat(300), true, [], throwing, Symbol("s"), 10n];
  if (depth > 2 || next() < 0.4) return pick(leaves);
  const keys = ["id", "rows", "filter", "__proto__", "constructor", "a/b", "t~0"];
  return Object.fromEntries(keys.filter(() => next() < 0.5).map((key) => [key, hostileValue(next, depth + 1)]));
}

describe("strictStandardSchema never throws on hostile input", () => {
  it.each(Array.from({ length: 20 }, (_, seed) => seed))("seed %i", (seed) => {
    const next = random(seed);
    for (const { schema } of cases) {
      const strict = strictStandardSchema(recording(schema).standard);
      for (let i = 0; i < 25; i++) {
        const value = hostileValue(next);
        expect(() => strict["~standard"].validate(value)).not.toThrow();
      }
    }
  });
});

describe("langChainSchema", () => {
  it("hands the same Standard Schema on", () => {
    const { standard } = recording(cases[0]!.schema);
    expect(langChainSchema(standard)).toBe(standard);
  });
});
