// The `ai` package needs Node 22 (npm view ai engines), so the Standard Schema contract is checked
// with @standard-schema/spec's own types plus runtime behaviour, and each JSON Schema target is
// checked for meaning: Ajv must give the same verdicts on the converted schema as on the original.
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe as suite, expect, expectTypeOf, it } from "vitest";
import { issueRequired, issueType, isObject } from "../src/internal/issues.js";
import { pointerSegments, toStandardSchema } from "../src/standard-schema.js";
import type { ValidationIssue, ValidationResult } from "../src/validation.js";

interface Input {
  mode: "plan" | "execute";
  body?: string;
}

function validate(input: unknown): ValidationResult<Input> {
  if (!isObject(input)) return { ok: false, issues: [issueType("", "input", "an object", input)] };
  const issues: ValidationIssue[] = [];
  if (input.mode === undefined) issues.push(issueRequired("/mode", "mode"));
  if (input.body !== undefined && typeof input.body !== "string")
    issues.push(issueType("/body", "body", "a string", input.body));
  return issues.length === 0 ? { ok: true, value: input as unknown as Input } : { ok: false, issues };
}

// The keywords toolcat emits, including both conditional forms and a `then` with boolean schemas.
const inputSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    mode: { type: "string", enum: ["plan", "execute"] },
    body: { type: "string", contentMediaType: "application/json", contentSchema: { type: "object" } },
    note: { type: ["string", "null"] },
    kind: { const: "fixed" },
    tags: { type: "array", prefixItems: [{ type: "string" }], items: { type: "integer" } },
  },
  required: ["mode"],
  additionalProperties: false,
  dependentRequired: { note: ["kind"] },
  allOf: [
    {
      if: { properties: { mode: { const: "execute" } }, required: ["mode"] },
      then: { properties: { body: true }, required: ["body"] },
    },
  ],
} as const;

const schema = toStandardSchema(validate, inputSchema);

suite("toStandardSchema", () => {
  it("is a Standard Schema and a Standard JSON Schema by the spec's own types", () => {
    expectTypeOf(schema).toMatchTypeOf<StandardSchemaV1<Input, Input>>();
    expectTypeOf(schema).toMatchTypeOf<StandardJSONSchemaV1<Input, Input>>();
    expectTypeOf<StandardSchemaV1.InferInput<typeof schema>>().toEqualTypeOf<Input>();
    expect(schema["~standard"]).toMatchObject({ version: 1, vendor: "toolcat" });
  });

  it("returns the value on success and issues with key segments on failure", () => {
    expect(schema["~standard"].validate({ mode: "plan" })).toEqual({ value: { mode: "plan" } });
    expect(schema["~standard"].validate({ body: 1 })).toEqual({
      issues: [
        { message: "mode is required", path: ["mode"] },
        { message: expect.stringContaining("body must be a string") as string, path: ["body"] },
      ],
    });
  });

  it.each([
    ["", []],
    ["/a", ["a"]],
    ["/a~1b/0/~0x", ["a/b", "0", "~x"]],
    ["/", [""]],
  ])("reads the pointer %j as %j", (pointer, segments) => {
    expect(pointerSegments(pointer)).toEqual(segments);
  });

  it("gives the 2020-12 schema unchanged, as a copy", () => {
    const out = schema["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    expect(out).toEqual(inputSchema);
    expect(out).not.toBe(inputSchema);
    expect(schema["~standard"].jsonSchema.output({ target: "draft-2020-12" })).toEqual(inputSchema);
  });

  it("throws for a target it does not support, as the spec asks", () => {
    expect(() => schema["~standard"].jsonSchema.input({ target: "draft-04" })).toThrow(/draft-04/);
  });

  const samples: unknown[] = [
    { mode: "plan" },
    { mode: "execute" },
    { mode: "execute", body: "{}" },
    { mode: "plan", note: null },
    { mode: "plan", note: "x" },
    { mode: "plan", note: "x", kind: "fixed" },
    { mode: "plan", kind: "other" },
    { mode: "plan", tags: ["a", 1, 2] },
    { mode: "plan", tags: [1] },
    { mode: "plan", tags: ["a", "b"] },
    { mode: "other" },
    { mode: "plan", extra: 1 },
    {},
    null,
  ];
  const original = new Ajv2020({ strict: false }).compile(inputSchema);

  it("keeps the meaning in draft-07", () => {
    const converted = schema["~standard"].jsonSchema.input({ target: "draft-07" });
    expect(converted["$schema"]).toBe("http://json-schema.org/draft-07/schema#");
    expect(JSON.stringify(converted)).not.toMatch(/prefixItems|dependentRequired|contentSchema|\$defs/);
    // strictTuples only asks for explicit bounds on tuples; the conversion itself is what is checked.
    const check = new Ajv({ strict: true, strictTuples: false }).compile(converted);
    for (const sample of samples) expect(check(sample), JSON.stringify(sample)).toBe(original(sample));
  });

  it("keeps the meaning in OpenAPI 3.0 without the keywords it lacks", () => {
    const converted = schema["~standard"].jsonSchema.input({ target: "openapi-3.0" });
    expect(JSON.stringify(converted)).not.toMatch(
      /"\$schema"|"const"|"if"|"then"|dependentRequired|contentMediaType|"type":\[/,
    );
    expect(JSON.stringify(converted), "boolean schemas become objects").not.toMatch(/"body":true/);
    // Ajv reads `nullable` as OpenAPI does; tuple `items` is draft-07 (OpenAPI 3.0 has no tuples).
    const check = new Ajv({ strict: false }).compile(converted);
    // Tuples are the one loosening (OpenAPI 3.0 has none): a tuple sample may pass there alone.
    for (const sample of samples.filter((s) => !(isObject(s) && "tags" in s)))
      expect(check(sample), JSON.stringify(sample)).toBe(original(sample));
    expect(check({ mode: "plan", tags: ["a", 1] })).toBe(true);
    expect(check({ mode: "plan", tags: [true] })).toBe(false);
  });
});
