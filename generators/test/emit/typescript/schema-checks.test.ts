// The one validator writer of the schema IR, run: each node's checks are written in both places (a
// parameter's value and a request body), compiled and run on values, and must give the same verdict
// in both. The JSON-Schema-Test-Suite runs bodies keyword by keyword; this table pins the shape the
// writer promises (the type first, its keywords under it, a type the enum implies left to the enum,
// keywords of an excluded kind not written) and what a parameter's places read like.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as runtime from "../../../../packages/runtime/src/internal/index.ts";
import type { JsonValue } from "../../../src/ir/json.ts";
import type { Schema } from "../../../src/ir/schema.ts";
import { CodeWriter } from "../../../src/emit/core/code-writer.ts";
import type { InternalName } from "../../../src/emit/core/runtime-names.ts";
import { SchemaWriter, type Places } from "../../../src/emit/typescript/schema-checks.ts";

/** The checks of `schema` on `value`, as the TypeScript the writer emits. */
function written(schema: Schema, places: Places): { code: string; used: Set<InternalName> } {
  const used = new Set<InternalName>();
  const use = (name: InternalName): string => (used.add(name), name);
  const writer = new SchemaWriter(places, use, { checkName: "check", file: "t.json", definitions: [] });
  const w = new CodeWriter();
  const [path, label] = places === "parameter" ? ['"/tags"', '"tags"'] : ['"/v"', '"/v"'];
  writer.check({ w, value: "value", path, label, sink: writer.sink("issues") }, schema);
  return { code: [...writer.patterns, w.toString()].join("\n"), used };
}

/** Runs the written checks on `value` and returns the issues' paths. */
function run(schema: Schema, places: Places, value: unknown): string[] {
  const { code, used } = written(schema, places);
  const body = `const issues = [];\n${code}\nreturn issues;`;
  const js = ts.transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  const names = [...used];
  const helpers = names.map((name) => (runtime as Record<string, unknown>)[name]);
  const check = new Function(...names, "value", js) as (...args: unknown[]) => { path: string }[];
  return check(...helpers, value).map((issue) => issue.path);
}

const verdicts: [string, Schema, JsonValue[], JsonValue[]][] = [
  ["string", { type: ["string"] }, ["", "a"], [1, null, []]],
  ["integer bounds", { type: ["integer"], minimum: 1, maximum: 3 }, [1, 3], [0, 4, 1.5, "2"]],
  ["a type list", { type: ["string", "null"], maxLength: 1 }, [null, "a"], ["ab", 1]],
  ["the enum implies the type", { type: ["string"], enum: ["a", "b"] }, ["a"], ["c", 1]],
  ["an enum of mixed primitives", { enum: [1, "1", null] }, [1, "1", null], [2, "2", false]],
  ["an enum of objects", { enum: [{ a: [1] }] }, [{ a: [1] }], [{ a: [2] }, "x"]],
  ["an empty enum", { enum: [] }, [], [1, "a", null]],
  ["a kind the type excludes", { type: ["string"], minimum: 5 }, ["x"], [9]],
  ["no type", { minLength: 2, minimum: 3 }, ["ab", 3, true], ["a", 2]],
  ["items", { type: ["array"], items: { type: ["string"], enum: ["x"] } }, [[], ["x", "x"]], [["y"], "x", [1]]],
  ["object counts", { type: ["object"], minProperties: 1, maxProperties: 1 }, [{ a: 1 }], [{}, { a: 1, b: 2 }, []]],
  ["an object with no keyword of its own", { type: ["object"] }, [{}, { a: [] }], [[], null, "{}", 1]],
  ["an object or null", { type: ["object", "null"] }, [{}, null], [[], 0, ""]],
  [
    "objects as items and as values by key",
    { type: ["array"], items: { type: ["object"], additionalProperties: { type: ["object"] } } },
    [[], [{}, { a: {} }]],
    [[[]], [null], [{ a: [] }], [{ a: null }]],
  ],
  ["a date", { type: ["string"], toolFormat: "date" }, ["2024-02-29"], ["2023-02-29", 5]],
  ["an anyOf", { anyOf: [{ type: ["string"] }, { type: ["integer"] }] }, ["a", 1], [1.5, null]],
  [
    "required and unknown keys",
    {
      type: ["object"],
      properties: [{ name: "a", value: { type: ["string"] } }],
      required: ["a"],
      additionalProperties: false,
    },
    [{ a: "x" }],
    [{}, { a: "x", b: 1 }, { a: 1 }, { b: "x" }],
  ],
  ["required is an own key", { type: ["object"], required: ["constructor"] }, [{ constructor: 1 }], [{}]],
  [
    "dependentRequired",
    { dependentRequired: [{ name: "a", value: ["b", "c"] }] },
    [{}, { b: 1 }, { a: 1, b: 2, c: 3 }],
    [{ a: 1 }, { a: 1, b: 2 }],
  ],
  [
    "a required-when rule",
    { type: ["object"], requiredWhen: [{ when: "mode", equals: "run", names: ["q"] }] },
    [{}, { mode: "other" }, { mode: "run", q: null }, { q: 1 }],
    [{ mode: "run" }],
  ],
  [
    "an on-execute rule",
    { type: ["object"], requiredWhen: [{ when: "mode", equals: "run", names: ["q"], onExecute: true }] },
    [{ mode: "other" }, { mode: "run", q: 1 }],
    [{ mode: "run" }],
  ],
];

describe("the schema writer's checks", () => {
  describe.each<Places>(["parameter", "body"])("in %s places", (places) => {
    it.each(verdicts)("%s", (_, schema, valid, invalid) => {
      for (const value of valid) expect(run(schema, places, value), JSON.stringify(value)).toEqual([]);
      for (const value of invalid) expect(run(schema, places, value), JSON.stringify(value)).not.toEqual([]);
    });
  });

  it("nests a type's keywords under its test, and leaves out a kind the type excludes", () => {
    const { code } = written({ type: ["integer"], minimum: 1, minLength: 2 }, "body");
    expect(code).toMatch(/^if \(typeof value !== "number" \|\| !Number\.isInteger\(value\)\) \{\n[^]*\} else \{\n/);
    expect(code).not.toContain("length");
  });

  it("writes the object test out where no keyword reads the value as a record", () => {
    const bare = written({ type: ["object"] }, "body");
    expect(bare.code).toContain('typeof value !== "object" || value === null || Array.isArray(value)');
    expect(bare.used.has("isObject")).toBe(false);
    // Properties are read from the value, so the runtime's type guard narrows it to a record.
    const read = written({ type: ["object"], properties: [{ name: "a", value: { type: ["string"] } }] }, "body");
    expect(read.code).toContain("!isObject(value)");
    // A value read by key is not a local: it is tested once, through the helper.
    const byKey = written({ type: ["object"], additionalProperties: { type: ["object"] } }, "body");
    expect(byKey.code).toMatch(/!isObject\(value\[key\d*\]\)/);
  });

  it("leaves the type to an enum whose values all have it", () => {
    expect(written({ type: ["string"], enum: ["a"] }, "body").code).not.toContain("typeof");
    expect(written({ type: ["string"], enum: ["a", 1] }, "body").code).toContain("typeof");
  });

  it("chains a lone format check as else-if", () => {
    expect(written({ type: ["string"], toolFormat: "date" }, "parameter").code).toContain(
      "} else if (!isDate(value)) {",
    );
  });

  it("names a parameter's items by the parameter, in fixed locals", () => {
    const { code } = written({ type: ["array"], items: { type: ["string"] } }, "parameter");
    expect(code).toContain("for (let i = 0; i < value.length; i++) {");
    expect(code).toContain('"/tags" + "/" + i');
    expect(code).toContain('"tags" + "[" + i + "]"');
  });

  it("gives a nested local a name of its own, so each place is named right", () => {
    const nested: Schema = { type: ["array"], items: { type: ["array"], items: { type: ["string"] } } };
    expect(run(nested, "parameter", [["a"], ["b", 1]])).toEqual(["/tags/1/1"]);
    expect(run(nested, "body", [["a"], ["b", 1]])).toEqual(["/v/1/1"]);
  });

  it("numbers a body's locals and holds an item's path in one", () => {
    const { code } = written({ type: ["array"], items: { type: ["string"] } }, "body");
    expect(code).toMatch(/for \(let i0 = 0; i0 < value\.length; i0\+\+\)/);
    expect(code).toMatch(/const at\d+ = "\/v" \+ "\/" \+ i0;/);
  });

  it("reports an object's checks at the property each is about, with a body's issue builders", () => {
    const node: Schema = {
      type: ["object"],
      properties: [{ name: "a", value: true }],
      required: ["b"],
      dependentRequired: [{ name: "a", value: ["c"] }],
      requiredWhen: [{ when: "a", equals: "on", names: ["d"] }],
      additionalProperties: false,
    };
    expect(run(node, "body", { a: "on", z: 1 }).sort()).toEqual(["/v/b", "/v/c", "/v/d", "/v/z"]);
    const { used } = written(node, "body");
    for (const name of ["issueRequired", "issueUnknownField", "issueRequiredWhen"] as const)
      expect(used.has(name), name).toBe(true);
    expect(used.has("issueRequires") || used.has("issueUnknownParameter")).toBe(false);
  });
});
