// The schema reader, table-driven: what a captured body may say, and what is refused with the
// keyword named at its path (never accepted and then ignored).
import { describe, expect, it } from "vitest";
import { readAnswer } from "../../src/loader/body-schema.ts";
import { unsafePattern } from "../../src/loader/pattern-safety.ts";

const accepted: readonly [string, unknown][] = [
  ["allOf of boolean schemas", { allOf: [true, true] }],
  [
    "keywords beside $ref",
    {
      properties: { a: { $ref: "#/components/schemas/A", maxItems: 2 } },
      components: { schemas: { A: { type: "array" } } },
    },
  ],
  ["string limits without a type", { minLength: 2, pattern: "^a" }],
  [
    "a local pointer that is not a component",
    { properties: { a: { type: "integer" }, b: { $ref: "#/properties/a" } } },
  ],
  ["$defs", { $defs: { n: { type: "number" } }, items: { $ref: "#/$defs/n" } }],
  [
    "every applicator",
    {
      not: {},
      if: { type: "string" },
      then: { minLength: 1 },
      else: false,
      contains: {},
      prefixItems: [true],
      dependentSchemas: { a: {} },
      propertyNames: { maxLength: 3 },
    },
  ],
];

const refused: readonly [string, unknown, readonly (string | number)[], string][] = [
  [
    "an unknown keyword beside allOf, untyped",
    { allOf: [{}], properties: { a: { bogus: 1 } } },
    ["properties", "a", "bogus"],
    '"bogus"',
  ],
  ["$dynamicRef", { $dynamicRef: "#x" }, ["$dynamicRef"], "$dynamicRef"],
  ["unevaluatedProperties", { unevaluatedProperties: false }, ["unevaluatedProperties"], "unevaluatedProperties"],
  ["unevaluatedItems", { items: { unevaluatedItems: false } }, ["items", "unevaluatedItems"], "unevaluatedItems"],
  ["a remote $ref", { $ref: "https://example.com/s.json" }, ["$ref"], "not local"],
  ["an anchor $ref", { $ref: "#foo" }, ["$ref"], "anchors"],
  ["a nested $id", { properties: { a: { $id: "http://x/y" } } }, ["properties", "a", "$id"], "$id"],
  ["a pattern that does not compile", { pattern: "(" }, ["pattern"], "not an ECMAScript regular expression"],
  [
    "a pattern that backtracks exponentially",
    { patternProperties: { "^(a+)+$": {} } },
    ["patternProperties", "^(a+)+$"],
    "nested unbounded quantifiers",
  ],
  [
    "a ref cycle on one value",
    {
      $ref: "#/components/schemas/A",
      components: {
        schemas: { A: { allOf: [{ $ref: "#/components/schemas/B" }] }, B: { not: { $ref: "#/components/schemas/A" } } },
      },
    },
    ["components", "schemas", "B", "not", "$ref"],
    "cycle",
  ],
];

describe("the schema reader", () => {
  it.each(accepted)("accepts %s", (_, answer) => {
    const read = readAnswer(answer);
    expect(read.ok ? [] : read.problems).toEqual([]);
  });

  it.each(refused)("refuses %s, at the keyword", (_, answer, path, words) => {
    const read = readAnswer(answer);
    expect(read.ok).toBe(false);
    const problems = read.ok ? [] : read.problems;
    expect(
      problems.some((p) => JSON.stringify(p.path) === JSON.stringify(path) && p.message.includes(words)),
      JSON.stringify(problems),
    ).toBe(true);
  });
});

describe("the pattern bound", () => {
  it.each(["^a*$", "(ab)+", "a{2,}", "[(+)]+", "\\(a+\\)+", "^\\p{L}+$"])("runs %s", (pattern) => {
    expect(unsafePattern(pattern)).toBeUndefined();
  });
  // The check is structural: it also refuses some patterns that cannot backtrack badly (the last).
  it.each(["(a+)+", "(a*)*b", "((ab)*c)+", "(a{1,})*", "(?:x+y?)+$", "^[a-z]+(?:-[a-z]+)*$"])(
    "refuses %s",
    (pattern) => {
      expect(unsafePattern(pattern)).toBeDefined();
    },
  );
});
