// The check writer of each keyword of the vocabulary: the code that checks one keyword of a schema
// node on a value already known to be of the kind the keyword applies to (ir/vocabulary.ts). The
// table is keyed by every keyword, so the compiler refuses a vocabulary entry without a check. A
// keyword checked together with a sibling (then with if, maxContains with contains) has `skip`.
import { canonicalJson } from "../../../../packages/runtime/src/internal/json-values.ts";
import type { JsonValue } from "../../ir/json.ts";
import {
  isCheckedFormat,
  type Keyword,
  type Named,
  type Schema,
  type SchemaNode,
  type TypeName,
} from "../../ir/schema.ts";
import type { CodeWriter } from "../core/code-writer.ts";
import { jsonLiteral, stringLiteral } from "../core/escape.ts";
import type { InternalName } from "../core/runtime-names.ts";
import { arrayLiteral, prefixed, writeIf, writeLaidOut, type Code } from "../core/layout.ts";

/** Where a keyword is checked: the node, and expressions for the value, its path and the issue list. */
export interface CheckSite {
  readonly w: CodeWriter;
  readonly node: SchemaNode;
  readonly value: string;
  readonly path: string;
  readonly issues: string;
}

/** What a check writer may ask of the body writer. */
export interface BodyChecks {
  use(name: InternalName): string;
  check(w: CodeWriter, schema: Schema, value: string, path: string, issues: string): void;
  /** Checks into a list of its own and returns its name: a match is an empty list. */
  matches(w: CodeWriter, schema: Schema, value: string, path: string): string;
  push(w: CodeWriter, issues: string, helper: InternalName, args: readonly Code[]): void;
  local(base: string): string;
  child(w: CodeWriter, path: string, segment: string | { readonly code: string }): string;
  pattern(source: string): string;
  definitionCall(name: string): string;
  full(): boolean;
  split(
    w: CodeWriter,
    valueType: string,
    args: readonly [string, string, string],
    write: (w: CodeWriter) => void,
  ): void;
}

type CheckWriter<K extends Keyword> = (value: NonNullable<SchemaNode[K]>, site: CheckSite, body: BodyChecks) => void;

function skip(): void {}

/** Whether a keyword of the node writes any code (an unchecked format, a sibling's part, do not). */
export function emits(node: SchemaNode, keyword: Keyword): boolean {
  if (keyword === "format") return node.format !== undefined && isCheckedFormat(node.format);
  return checks[keyword] !== skip;
}

const typeTests: Readonly<Record<TypeName, { test: (v: string, body: BodyChecks) => string; noun: string }>> = {
  string: { test: (v) => `typeof ${v} === "string"`, noun: "a string" },
  number: { test: (v) => `typeof ${v} === "number"`, noun: "a number" },
  integer: { test: (v) => `Number.isInteger(${v})`, noun: "an integer" },
  boolean: { test: (v) => `typeof ${v} === "boolean"`, noun: "a boolean" },
  null: { test: (v) => `${v} === null`, noun: "null" },
  array: { test: (v) => `Array.isArray(${v})`, noun: "an array" },
  object: { test: (v, body) => `${body.use("isObject")}(${v})`, noun: "an object" },
};

const formatTests = { date: "isDate", "date-time": "isDateTime", uri: "isUri" } as const satisfies Record<
  string,
  InternalName
>;

/** enum and const: primitives compare directly; a list with objects or arrays compares canonical JSON. */
function writeAllowed(values: readonly JsonValue[], site: CheckSite, body: BodyChecks): void {
  const { w, value, path, issues } = site;
  const allowed = body.local("allowed");
  const structured = values.some((v) => typeof v === "object" && v !== null);
  const items = structured ? values.map((v) => stringLiteral(canonicalJson(v))) : values.map((v) => jsonLiteral(v));
  writeLaidOut(
    w,
    prefixed(`const ${allowed}: readonly ${structured ? "string" : "unknown"}[] = `, arrayLiteral(items)),
    ";",
  );
  const candidate = structured ? `${body.use("canonicalJson")}(${value})` : value;
  writeIf(w, `!${allowed}.includes(${candidate})`, () => {
    // Values are shown as JSON, so the string "1" and the number 1 read differently.
    w.writeLine(`const labels = ${structured ? allowed : `${allowed}.map((v) => JSON.stringify(v))`};`);
    body.push(w, issues, "issueEnum", [path, path, "labels", value]);
  });
}

function writeLengths(
  site: CheckSite,
  body: BodyChecks,
  length: string,
  unit: "characters" | "items",
  min: number | undefined,
  max: number | undefined,
): void {
  const { w, path, issues } = site;
  const size = body.local("length");
  w.writeLine(`const ${size} = ${length};`);
  if (min !== undefined)
    writeIf(w, `${size} < ${min}`, () =>
      body.push(w, issues, "issueLength", [path, stringLiteral(unit), '"at least"', `${min}`, size]),
    );
  if (max !== undefined)
    writeIf(w, `${size} > ${max}`, () =>
      body.push(w, issues, "issueLength", [path, stringLiteral(unit), '"at most"', `${max}`, size]),
    );
}

function writeCount(site: CheckSite, body: BodyChecks, bound: "min" | "max", limit: number): void {
  const { w, value, path, issues } = site;
  const count = body.local("count");
  w.writeLine(`const ${count} = Object.keys(${value}).length;`);
  if (bound === "min")
    writeIf(w, `${count} < ${limit}`, () => body.push(w, issues, "issueTooFewKeys", [path, path, `${limit}`, count]));
  else
    writeIf(w, `${count} > ${limit}`, () => body.push(w, issues, "issueTooManyKeys", [path, path, `${limit}`, count]));
}

/** Loops over the object's own keys, skipping none; once the list is full, further keys only cost time. */
function forEachKey(site: CheckSite, body: BodyChecks, write: (key: string) => void): void {
  const key = body.local("key");
  site.w.write(`for (const ${key} of Object.keys(${site.value})) `).inlineBlock(() => {
    writeIf(site.w, `${site.issues}.length > ${body.use("MAX_ISSUES")}`, () => site.w.writeLine("break;"));
    write(key);
  });
  site.w.newLine();
}

/** The listed properties' checks; once the function is full, the rest go to a part of their own. */
function writeProperties(properties: readonly Named<Schema>[], site: CheckSite, body: BodyChecks): void {
  const { w, value, path, issues } = site;
  for (const [index, property] of properties.entries()) {
    if (property.value === true) continue;
    if (body.full()) {
      const rest = properties.slice(index);
      body.split(w, "Record<string, unknown>", [value, path, issues], (inner) =>
        writeProperties(rest, { ...site, w: inner, value: "value", path: "path", issues: "issues" }, body),
      );
      return;
    }
    const local = body.local("field");
    const key = stringLiteral(property.name);
    w.writeLine(`const ${local} = Object.hasOwn(${value}, ${key}) ? ${value}[${key}] : undefined;`);
    writeIf(w, `${local} !== undefined`, () =>
      body.check(w, property.value, local, body.child(w, path, property.name), issues),
    );
  }
}

export const checks: { readonly [K in Keyword]: CheckWriter<K> } = {
  $ref: (name, { w, value, path, issues }, body) =>
    w.writeLine(`${body.definitionCall(name)}(${value}, ${path}, ${issues});`),
  type: (types, { w, value, path, issues }, body) => {
    const test = types.map((t) => typeTests[t].test(value, body)).join(" || ");
    const nouns = types.map((t) => typeTests[t].noun).join(" or ");
    writeIf(w, `!(${test})`, () => body.push(w, issues, "issueType", [path, path, stringLiteral(nouns), value]));
  },
  enum: (values, site, body) => writeAllowed(values, site, body),
  const: (value, site, body) => writeAllowed([value], site, body),
  allOf: (options, { w, value, path, issues }, body) => {
    for (const option of options) body.check(w, option, value, path, issues);
  },
  anyOf: (options, site, body) => writeOptions("anyOf", options, site, body),
  oneOf: (options, site, body) => writeOptions("oneOf", options, site, body),
  not: (schema, { w, value, path, issues }, body) => {
    const list = body.matches(w, schema, value, path);
    writeIf(w, `${list}.length === 0`, () =>
      body.push(w, issues, "issueNotAllowed", [path, stringLiteral("must not match the schema under not"), value]),
    );
  },
  if: (schema, { w, node, value, path, issues }, body) => {
    if (node.then === undefined && node.else === undefined) return;
    const list = body.matches(w, schema, value, path);
    const branch = (s: Schema | undefined) =>
      s === undefined ? undefined : () => body.check(w, s, value, path, issues);
    const [then, otherwise] = [branch(node.then), branch(node.else)];
    if (then !== undefined) writeIf(w, `${list}.length === 0`, then, otherwise);
    else if (otherwise !== undefined) writeIf(w, `${list}.length > 0`, otherwise);
  },
  then: skip,
  else: skip,
  multipleOf: (divisor, { w, value, path, issues }, body) =>
    writeIf(w, `!${body.use("isMultipleOf")}(${value}, ${divisor})`, () =>
      body.push(w, issues, "issueNotMultiple", [path, `${divisor}`, value]),
    ),
  minimum: (limit, { w, value, path, issues }, body) =>
    writeIf(w, `${value} < ${limit}`, () => body.push(w, issues, "issueTooSmall", [path, path, `${limit}`, value])),
  maximum: (limit, { w, value, path, issues }, body) =>
    writeIf(w, `${value} > ${limit}`, () => body.push(w, issues, "issueTooBig", [path, path, `${limit}`, value])),
  exclusiveMinimum: (limit, { w, value, path, issues }, body) =>
    writeIf(w, `${value} <= ${limit}`, () =>
      body.push(w, issues, "issueExclusive", [path, '"greater than"', `${limit}`, value]),
    ),
  exclusiveMaximum: (limit, { w, value, path, issues }, body) =>
    writeIf(w, `${value} >= ${limit}`, () =>
      body.push(w, issues, "issueExclusive", [path, '"less than"', `${limit}`, value]),
    ),
  // One count of code points serves both bounds.
  minLength: (min, site, body) =>
    writeLengths(site, body, `[...${site.value}].length`, "characters", min, site.node.maxLength),
  maxLength: (max, site, body) =>
    site.node.minLength === undefined
      ? writeLengths(site, body, `[...${site.value}].length`, "characters", undefined, max)
      : undefined,
  pattern: (source, { w, value, path, issues }, body) =>
    writeIf(w, `!${body.pattern(source)}.test(${value})`, () =>
      body.push(w, issues, "issuePattern", [path, stringLiteral(source), value]),
    ),
  format: (format, { w, value, path, issues }, body) => {
    if (!isCheckedFormat(format)) return;
    writeIf(w, `!${body.use(formatTests[format])}(${value})`, () =>
      body.push(w, issues, "issueFormat", [path, path, stringLiteral(format), value]),
    );
  },
  prefixItems: (schemas, { w, value, path, issues }, body) => {
    for (const [i, schema] of schemas.entries()) {
      if (schema === true) continue;
      writeIf(w, `${value}.length > ${i}`, () => {
        const item = body.local("item");
        w.writeLine(`const ${item}: unknown = ${value}[${i}];`);
        body.check(w, schema, item, body.child(w, path, String(i)), issues);
      });
    }
  },
  items: (schema, { w, node, value, path, issues }, body) => {
    if (schema === true) return;
    const i = body.local("i");
    w.write(`for (let ${i} = ${node.prefixItems?.length ?? 0}; ${i} < ${value}.length; ${i}++) `).inlineBlock(() => {
      // Once the list is full, further items only cost time: capIssues counts no more.
      writeIf(w, `${issues}.length > ${body.use("MAX_ISSUES")}`, () => w.writeLine("break;"));
      const item = body.local("item");
      w.writeLine(`const ${item}: unknown = ${value}[${i}];`);
      body.check(w, schema, item, body.child(w, path, { code: `"/" + ${i}` }), issues);
    });
    w.newLine();
  },
  contains: (schema, { w, node, value, path, issues }, body) => {
    const min = node.minContains ?? 1;
    const max = node.maxContains;
    if (min === 0 && max === undefined) return;
    const count = body.local("matching");
    w.writeLine(`let ${count} = 0;`);
    const item = body.local("item");
    w.write(`for (const ${item} of ${value} as unknown[]) `).inlineBlock(() => {
      const list = body.matches(w, schema, item, path);
      writeIf(w, `${list}.length === 0`, () => w.writeLine(`${count}++;`));
    });
    w.newLine();
    const reason = (text: string): string => stringLiteral(text);
    if (min > 0)
      writeIf(w, `${count} < ${min}`, () =>
        body.push(w, issues, "issueNotAllowed", [
          path,
          reason(`must have at least ${min} item(s) matching contains`),
          value,
        ]),
      );
    if (max !== undefined)
      writeIf(w, `${count} > ${max}`, () =>
        body.push(w, issues, "issueNotAllowed", [
          path,
          reason(`must have at most ${max} item(s) matching contains`),
          value,
        ]),
      );
  },
  minContains: skip,
  maxContains: skip,
  minItems: (min, site, body) => writeLengths(site, body, `${site.value}.length`, "items", min, undefined),
  maxItems: (max, site, body) => writeLengths(site, body, `${site.value}.length`, "items", undefined, max),
  uniqueItems: (unique, { w, value, path, issues }, body) => {
    if (!unique) return;
    const pair = body.local("repeated");
    w.writeLine(`const ${pair} = ${body.use("duplicateItems")}(${value});`);
    writeIf(w, `${pair} !== undefined`, () =>
      body.push(w, issues, "issueDuplicateItems", [path, `${pair}[0]`, `${pair}[1]`]),
    );
  },
  properties: (properties, site, body) => writeProperties(properties, site, body),
  patternProperties: (patterns, site, body) =>
    forEachKey(site, body, (key) => {
      for (const { name, value: schema } of patterns) {
        writeIf(site.w, `${body.pattern(name)}.test(${key})`, () =>
          body.check(
            site.w,
            schema,
            `${site.value}[${key}]`,
            body.child(site.w, site.path, { code: `${body.use("pointer")}(${key})` }),
            site.issues,
          ),
        );
      }
    }),
  additionalProperties: (schema, site, body) => {
    if (schema === true) return;
    const { w, node, value, issues } = site;
    const known = (node.properties ?? []).map((p) => p.name);
    forEachKey(site, body, (key) => {
      if (known.length > 0) {
        // One case per line keeps lines short however many fields the object has.
        w.write(`switch (${key}) `).inlineBlock(() => {
          for (const name of known) w.writeLine(`case ${stringLiteral(name)}:`);
          w.indent().write("continue;").newLine();
        });
        w.newLine();
      }
      for (const { name } of node.patternProperties ?? [])
        writeIf(w, `${body.pattern(name)}.test(${key})`, () => w.writeLine("continue;"));
      const at = body.child(w, site.path, { code: `${body.use("pointer")}(${key})` });
      if (schema === false)
        body.push(w, issues, "issueUnknownField", [at, key, arrayLiteral(known.map(stringLiteral))]);
      else body.check(w, schema, `${value}[${key}]`, at, issues);
    });
  },
  propertyNames: (schema, site, body) => {
    if (schema === true) return;
    forEachKey(site, body, (key) =>
      body.check(
        site.w,
        schema,
        key,
        body.child(site.w, site.path, { code: `${body.use("pointer")}(${key})` }),
        site.issues,
      ),
    );
  },
  required: (names, { w, value, path, issues }, body) => {
    for (const name of names) {
      const at = body.child(w, path, name);
      writeIf(w, `!Object.hasOwn(${value}, ${stringLiteral(name)})`, () =>
        body.push(w, issues, "issueRequired", [at, at]),
      );
    }
  },
  dependentRequired: (dependencies, { w, value, path, issues }, body) => {
    for (const { name, value: names } of dependencies) {
      if (names.length === 0) continue;
      writeIf(w, `Object.hasOwn(${value}, ${stringLiteral(name)})`, () => {
        for (const required of names) {
          const at = body.child(w, path, required);
          writeIf(w, `!Object.hasOwn(${value}, ${stringLiteral(required)})`, () =>
            body.push(w, issues, "issueRequired", [at, at]),
          );
        }
      });
    }
  },
  dependentSchemas: (dependencies, { w, value, path, issues }, body) => {
    for (const { name, value: schema } of dependencies) {
      if (schema !== true)
        writeIf(w, `Object.hasOwn(${value}, ${stringLiteral(name)})`, () => body.check(w, schema, value, path, issues));
    }
  },
  minProperties: (min, site, body) => writeCount(site, body, "min", min),
  maxProperties: (max, site, body) => writeCount(site, body, "max", max),
};

/** anyOf (at least one option matches) and oneOf (exactly one): each option on a list of its own. */
function writeOptions(
  kind: "anyOf" | "oneOf",
  options: readonly Schema[],
  { w, value, path, issues }: CheckSite,
  body: BodyChecks,
): void {
  const lists = options.map((option) => body.matches(w, option, value, path));
  const matched = body.local("matched");
  w.writeLine(`const ${matched} = [${lists.join(", ")}].filter((list) => list.length === 0).length;`);
  writeIf(w, kind === "oneOf" ? `${matched} !== 1` : `${matched} === 0`, () =>
    body.push(w, issues, "issueNoMatch", [path, stringLiteral(kind), matched, value]),
  );
}
