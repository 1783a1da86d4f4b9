// The one type writer of the schema IR, case by case: each node shape to the TypeScript type it
// writes on one line. Whole packages (fixture, capture fuzz, the JSON-Schema-Test-Suite) compile
// its output under strict tsc; this table pins the shapes.
import { describe, expect, it } from "vitest";
import type { Schema } from "../../../src/ir/schema.ts";
import { flat } from "../../../src/emit/core/layout.ts";
import { schemaType } from "../../../src/emit/typescript/schema-type.ts";

const cases: [string, Schema, string][] = [
  ["any value", true, "unknown"],
  ["no value", false, "never"],
  ["no type", { minLength: 2 }, "unknown"],
  ["type list with null", { type: ["string", "null"] }, "string | null"],
  ["integer", { type: ["integer"], minimum: 1 }, "number"],
  ["string enum", { type: ["string"], enum: ["a", 'b"c'] }, '"a" | "b\\"c"'],
  ["empty enum", { enum: [] }, "never"],
  ["const of any primitive", { const: -1 }, "-1"],
  ["a number past a double's range", { enum: [Infinity, null, true] }, "number | null | true"],
  ["structured enum falls back to its type", { type: ["object"], enum: [{ a: 1 }] }, "{ [key: string]: unknown }"],
  ["array of strings", { type: ["array"], items: { type: ["string"] } }, "readonly string[]"],
  ["array of an enum", { type: ["array"], items: { enum: ["a"] } }, 'readonly ("a")[]'],
  [
    "array of arrays",
    { type: ["array"], items: { type: ["array"], items: { type: ["number"] } } },
    "readonly (readonly number[])[]",
  ],
  ["prefixItems are not typed", { type: ["array"], prefixItems: [{ type: ["string"] }] }, "readonly unknown[]"],
  [
    "open object",
    { type: ["object"], properties: [{ name: "a b", value: { type: ["string"] } }], required: ["a b"] },
    '{ "a b": string; [key: string]: unknown }',
  ],
  [
    "closed object",
    { type: ["object"], properties: [{ name: "a", value: true }], additionalProperties: false },
    "{ a?: unknown }",
  ],
  ["closed empty object", { type: ["object"], additionalProperties: false }, "Record<string, never>"],
  ["map", { type: ["object"], additionalProperties: { type: ["number"] } }, "{ [key: string]: number }"],
  [
    "patterns keep the index open",
    { type: ["object"], patternProperties: [{ name: "^x", value: true }], additionalProperties: false },
    "{ [key: string]: unknown }",
  ],
  [
    "named keys of an open object",
    { type: ["object"], keys: [{ name: "owner" }] },
    "{ owner?: unknown; [key: string]: unknown }",
  ],
  ["no keys allowed", { type: ["object"], keys: [{ name: "owner" }], maxProperties: 0 }, "{ owner?: unknown }"],
  ["anyOf", { anyOf: [{ type: ["string"] }, { type: ["number"] }] }, "string | number"],
  [
    "allOf with an own type",
    { type: ["object"], additionalProperties: false, allOf: [{ anyOf: [{ const: 1 }, { const: 2 }] }] },
    "Record<string, never> & (1 | 2)",
  ],
];

describe("schemaType", () => {
  it.each(cases)("%s", (_, schema, expected) => {
    expect(flat(schemaType(schema))).toBe(expected);
  });

  it("names a definition by its alias, with siblings intersected", () => {
    const aliasOf = (name: string): string => `Alias_${name}`;
    expect(flat(schemaType({ $ref: "Order", required: ["id"] }, aliasOf))).toBe("Alias_Order");
    expect(flat(schemaType({ $ref: "Order", type: ["object"] }, aliasOf))).toBe(
      "Alias_Order & { [key: string]: unknown }",
    );
  });
});
