// The check writer of each keyword of the vocabulary: the code that checks one keyword of a schema
// node, for a parameter's value and a request body alike, on a value already known to be of the kind
// the keyword applies to (ir/vocabulary.ts). With toolcat's own (toolcat-checks.ts), the tables are
// keyed by every keyword, so the compiler refuses a keyword without a check. A keyword checked together with a
// sibling (then with if, maxContains with contains, maxLength with minLength) has `skip`. How a
// failure is reported (added to a list, or the guard's answer) is the site's `sink`; where the
// checks go (the node walk, locals, paths) is the writer's (schema-checks.ts).
import { canonicalJson } from "../../../../packages/runtime/src/internal/json-values.ts";
import type { JsonValue } from "../../ir/json.ts";
import {
  isCheckedFormat,
  type Keyword,
  type Named,
  type Schema,
  type SchemaNode,
  type ToolcatKeywords,
} from "../../ir/schema.ts";
import { jsonLiteral, stringLiteral } from "../core/escape.ts";
import { arrayLiteral, chain, prefixed, writeIf, writeLaidOut } from "../core/layout.ts";
import {
  forEachKey,
  listOf,
  skip,
  type CheckSite,
  type CheckTable,
  type CheckWriter,
  type SchemaChecks,
} from "./check-site.ts";
import { objectChecks } from "./object-checks.ts";
import { toolcatChecks, writeFormat } from "./toolcat-checks.ts";

/** Whether a keyword of the node writes any code (an unchecked format, a sibling's part, do not). */
export function emits(node: SchemaNode, keyword: Keyword | keyof ToolcatKeywords): boolean {
  if (keyword === "format") return node.format !== undefined && isCheckedFormat(node.format);
  if (keyword === "toolFormat") return node.content === undefined;
  return allChecks[keyword] !== skip;
}

/**
 * enum and const. Primitives compare directly, named as themselves when all are strings and as JSON
 * otherwise (so the string "1" and the number 1 read differently); a list with objects or arrays
 * compares canonical JSON.
 */
function writeAllowed(values: readonly JsonValue[], site: CheckSite, body: SchemaChecks): void {
  const { w, value, path, label, sink } = site;
  if (values.every((v) => typeof v !== "object" || v === null)) {
    const strings = values.every((v) => typeof v === "string");
    const labels = arrayLiteral(values.map((v) => stringLiteral(strings ? (v as string) : JSON.stringify(v))));
    // An empty enum allows nothing.
    const differs =
      values.length === 0
        ? "true"
        : chain(
            "&&",
            values.map((v) => `${value} !== ${jsonLiteral(v)}`),
          );
    return writeIf(w, differs, () => sink.fail(w, "issueEnum", [path, label, labels, value]));
  }
  const allowed = body.local("allowed");
  writeLaidOut(
    w,
    prefixed(
      `const ${allowed}: readonly string[] = `,
      arrayLiteral(values.map((v) => stringLiteral(canonicalJson(v)))),
    ),
    ";",
  );
  writeIf(w, `!${allowed}.includes(${body.use("canonicalJson")}(${value}))`, () =>
    sink.fail(w, "issueEnum", [path, label, allowed, value]),
  );
}

function writeLengths(
  site: CheckSite,
  body: SchemaChecks,
  length: string,
  unit: "characters" | "items",
  min: number | undefined,
  max: number | undefined,
): void {
  const { w, path, sink } = site;
  const size = body.local("length");
  w.writeLine(`const ${size} = ${length};`);
  if (min !== undefined)
    writeIf(w, `${size} < ${min}`, () =>
      sink.fail(w, "issueLength", [path, stringLiteral(unit), '"at least"', `${min}`, size]),
    );
  if (max !== undefined)
    writeIf(w, `${size} > ${max}`, () =>
      sink.fail(w, "issueLength", [path, stringLiteral(unit), '"at most"', `${max}`, size]),
    );
}

/** minProperties and maxProperties: one count of the keys serves both bounds. */
function writeCounts(site: CheckSite, body: SchemaChecks, min: number | undefined, max: number | undefined): void {
  const { w, value, path, label, sink } = site;
  const count = body.local("count");
  w.writeLine(`const ${count} = Object.keys(${value}).length;`);
  if (min !== undefined)
    writeIf(w, `${count} < ${min}`, () => sink.fail(w, "issueTooFewKeys", [path, label, `${min}`, count]));
  if (max !== undefined)
    writeIf(w, `${count} > ${max}`, () => sink.fail(w, "issueTooManyKeys", [path, label, `${max}`, count]));
}

/** The listed properties' checks; once the function is full, the rest go to a part of their own. */
function writeProperties(properties: readonly Named<Schema>[], site: CheckSite, body: SchemaChecks): void {
  const { w, value } = site;
  for (const [index, property] of properties.entries()) {
    if (property.value === true) continue;
    if (body.full()) {
      const rest = properties.slice(index);
      body.split(site, "Record<string, unknown>", (inner) => writeProperties(rest, inner, body));
      return;
    }
    const local = body.local("field");
    const key = stringLiteral(property.name);
    w.writeLine(`const ${local} = ${body.use("isOwnKey")}(${value}, ${key}) ? ${value}[${key}] : undefined;`);
    writeIf(w, `${local} !== undefined`, () =>
      body.check({ ...site, ...body.child(site, { name: property.name }), value: local }, property.value),
    );
  }
}

/** A string's length in code points, as the length keywords count it: counted in place, no spread array. */
const codePoints = (site: CheckSite, body: SchemaChecks): string => `${body.use("codePointLength")}(${site.value})`;

/** The checks of the vocabulary's keywords; those of which keys an object holds are in object-checks.ts. */
const checks: CheckTable<Keyword> = {
  ...objectChecks,
  $ref: (name, { w, value, path, sink }, body) =>
    w.writeLine(`${body.definitionCall(name)}(${value}, ${path}, ${listOf(sink)});`),
  // The type is the writer's: the node's other checks nest under it (schema-checks.ts).
  type: skip,
  enum: (values, site, body) => writeAllowed(values, site, body),
  const: (value, site, body) => writeAllowed([value], site, body),
  allOf: (options, site, body) => {
    for (const option of options) body.check(site, option);
  },
  anyOf: (options, site, body) => writeOptions("anyOf", options, site, body),
  oneOf: (options, site, body) => writeOptions("oneOf", options, site, body),
  not: (schema, site, body) => {
    const { w, value, path, sink } = site;
    const list = body.matches(site, schema);
    writeIf(w, `${list}.length === 0`, () =>
      sink.fail(w, "issueNotAllowed", [path, stringLiteral("must not match the schema under not"), value]),
    );
  },
  if: (schema, site, body) => {
    const { w, node } = site;
    if (node.then === undefined && node.else === undefined) return;
    const list = body.matches(site, schema);
    const branch = (s: Schema | undefined) => (s === undefined ? undefined : () => body.check(site, s));
    const [then, otherwise] = [branch(node.then), branch(node.else)];
    if (then !== undefined) writeIf(w, `${list}.length === 0`, then, otherwise);
    else if (otherwise !== undefined) writeIf(w, `${list}.length > 0`, otherwise);
  },
  then: skip,
  else: skip,
  multipleOf: (divisor, { w, value, path, sink }, body) =>
    writeIf(w, `!${body.use("isMultipleOf")}(${value}, ${divisor})`, () =>
      sink.fail(w, "issueNotMultiple", [path, `${divisor}`, value]),
    ),
  minimum: (limit, { w, value, path, label, sink }) =>
    writeIf(w, `${value} < ${limit}`, () => sink.fail(w, "issueTooSmall", [path, label, `${limit}`, value])),
  maximum: (limit, { w, value, path, label, sink }) =>
    writeIf(w, `${value} > ${limit}`, () => sink.fail(w, "issueTooBig", [path, label, `${limit}`, value])),
  exclusiveMinimum: (limit, { w, value, path, sink }) =>
    writeIf(w, `${value} <= ${limit}`, () =>
      sink.fail(w, "issueExclusive", [path, '"greater than"', `${limit}`, value]),
    ),
  exclusiveMaximum: (limit, { w, value, path, sink }) =>
    writeIf(w, `${value} >= ${limit}`, () => sink.fail(w, "issueExclusive", [path, '"less than"', `${limit}`, value])),
  // One count of code points serves both bounds.
  minLength: (min, site, body) =>
    writeLengths(site, body, codePoints(site, body), "characters", min, site.node.maxLength),
  maxLength: (max, site, body) =>
    site.node.minLength === undefined
      ? writeLengths(site, body, codePoints(site, body), "characters", undefined, max)
      : undefined,
  pattern: (source, { w, value, path, sink }, body) =>
    writeIf(w, `!${body.pattern(source)}.test(${value})`, () =>
      sink.fail(w, "issuePattern", [path, stringLiteral(source), value]),
    ),
  format: (format, site, body) => {
    if (isCheckedFormat(format)) writeFormat(format, site, body);
  },
  prefixItems: (schemas, site, body) => {
    const { w, value } = site;
    for (const [i, schema] of schemas.entries()) {
      if (schema === true) continue;
      writeIf(w, `${value}.length > ${i}`, () => {
        const item = body.local("item");
        w.writeLine(`const ${item}: unknown = ${value}[${i}];`);
        body.check({ ...site, ...body.child(site, { name: String(i) }), value: item }, schema);
      });
    }
  },
  items: (schema, site, body) => {
    if (schema === true) return;
    const { w, node, value } = site;
    const i = body.local("i");
    w.write(`for (let ${i} = ${node.prefixItems?.length ?? 0}; ${i} < ${value}.length; ${i}++) `).inlineBlock(() => {
      site.sink.stop(w, `${value}.length - ${i}`);
      const item = body.local("item");
      w.writeLine(`const ${item}: unknown = ${value}[${i}];`);
      body.check({ ...site, ...body.child(site, { index: i }), value: item }, schema);
    });
    w.newLine();
  },
  contains: (schema, site, body) => {
    const { w, node, value, path, sink } = site;
    const min = node.minContains ?? 1;
    const max = node.maxContains;
    if (min === 0 && max === undefined) return;
    const count = body.local("matching");
    w.writeLine(`let ${count} = 0;`);
    const item = body.local("item");
    w.write(`for (const ${item} of ${value} as unknown[]) `).inlineBlock(() => {
      const list = body.matches({ ...site, value: item }, schema);
      writeIf(w, `${list}.length === 0`, () => w.writeLine(`${count}++;`));
    });
    w.newLine();
    const reason = (text: string): string => stringLiteral(text);
    if (min > 0)
      writeIf(w, `${count} < ${min}`, () =>
        sink.fail(w, "issueNotAllowed", [path, reason(`must have at least ${min} item(s) matching contains`), value]),
      );
    if (max !== undefined)
      writeIf(w, `${count} > ${max}`, () =>
        sink.fail(w, "issueNotAllowed", [path, reason(`must have at most ${max} item(s) matching contains`), value]),
      );
  },
  minContains: skip,
  maxContains: skip,
  minItems: (min, site, body) => writeLengths(site, body, `${site.value}.length`, "items", min, undefined),
  maxItems: (max, site, body) => writeLengths(site, body, `${site.value}.length`, "items", undefined, max),
  uniqueItems: (unique, { w, value, path, sink }, body) => {
    if (!unique) return;
    const pair = body.local("repeated");
    w.writeLine(`const ${pair} = ${body.use("duplicateItems")}(${value});`);
    writeIf(w, `${pair} !== undefined`, () => sink.fail(w, "issueDuplicateItems", [path, `${pair}[0]`, `${pair}[1]`]));
  },
  properties: (properties, site, body) => writeProperties(properties, site, body),
  patternProperties: (patterns, site, body) =>
    forEachKey(site, body, (key) => {
      for (const { name, value: schema } of patterns) {
        writeIf(site.w, `${body.pattern(name)}.test(${key})`, () =>
          body.check({ ...site, ...body.child(site, { key }), value: `${site.value}[${key}]` }, schema),
        );
      }
    }),
  propertyNames: (schema, site, body) => {
    if (schema === true) return;
    forEachKey(site, body, (key) => body.check({ ...site, ...body.child(site, { key }), value: key }, schema));
  },
  dependentSchemas: (dependencies, site, body) => {
    for (const { name, value: schema } of dependencies) {
      if (schema !== true)
        writeIf(site.w, `${body.use("isOwnKey")}(${site.value}, ${stringLiteral(name)})`, () =>
          body.check(site, schema),
        );
    }
  },
  minProperties: (min, site, body) => writeCounts(site, body, min, site.node.maxProperties),
  maxProperties: (max, site, body) =>
    site.node.minProperties === undefined ? writeCounts(site, body, undefined, max) : undefined,
};

const allChecks = { ...checks, ...toolcatChecks };

/** The checks the writer runs for a keyword of a node. */
export function writeKeyword(keyword: Keyword | keyof typeof toolcatChecks, site: CheckSite, body: SchemaChecks): void {
  (allChecks[keyword] as CheckWriter<unknown>)(site.node[keyword] as NonNullable<unknown>, site, body);
}

/** anyOf (at least one option matches) and oneOf (exactly one): each option on a list of its own. */
function writeOptions(kind: "anyOf" | "oneOf", options: readonly Schema[], site: CheckSite, body: SchemaChecks): void {
  const { w, value, path, sink } = site;
  const lists = options.map((option) => body.matches(site, option));
  const matched = body.local("matched");
  w.writeLine(`const ${matched} = [${lists.join(", ")}].filter((list) => list.length === 0).length;`);
  writeIf(w, kind === "oneOf" ? `${matched} !== 1` : `${matched} === 0`, () =>
    sink.fail(w, "issueNoMatch", [path, stringLiteral(kind), matched, value]),
  );
}
