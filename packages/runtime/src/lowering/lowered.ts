// What every provider lowering returns, and the one walk they share. A lowering takes a tool's
// full input schema (JSON Schema 2020-12, as the manifest holds it) and keeps what one provider
// form can express; every assertion it leaves out is listed with where it was, so the manifest and
// the README can say "not enforced by the provider; checked by the validator".
import type { JsonSchemaObject } from "../schema-targets.js";
import { pointer } from "../validation.js";
import { executeView } from "./execute-view.js";

/** One assertion a provider form leaves out; the package validator still checks it on every call. */
export interface DroppedKeyword {
  /**
   * RFC 6901 pointer to the schema that holds the keyword ("" is the root), into the execute view of
   * the full schema (execute-view.ts), which every form starts from: the same as inputSchema except in
   * a mode-pattern tool, whose parameter types the view moves from `else` into `properties`.
   */
  readonly pointer: string;
  readonly keyword: string;
  /** What the keyword checks, in words (`a length bound`). */
  readonly reason: string;
}

/** A provider form of one schema and what it does not enforce. */
export interface Lowered {
  readonly schema: JsonSchemaObject;
  readonly dropped: readonly DroppedKeyword[];
}

export type Mutable = { [keyword: string]: unknown };

/** Keywords that only annotate: a form that leaves them out loses no check, so they are not reported. */
export const annotations: ReadonlySet<string> = new Set([
  "$schema",
  "$id",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

const meanings: Readonly<Record<string, string>> = {
  allOf: "a conditional requirement",
  if: "a conditional requirement",
  then: "a conditional requirement",
  else: "a conditional requirement",
  dependentRequired: "a parameter that needs another",
  pattern: "a text pattern",
  minLength: "a length bound",
  maxLength: "a length bound",
  minimum: "a numeric bound",
  maximum: "a numeric bound",
  exclusiveMinimum: "a numeric bound",
  exclusiveMaximum: "a numeric bound",
  multipleOf: "a numeric step",
  minItems: "an item count bound",
  maxItems: "an item count bound",
  minProperties: "a key count bound",
  maxProperties: "a key count bound",
  format: "a format",
  contentMediaType: "JSON text well-formedness",
  contentSchema: "the shape of the JSON text",
  additionalProperties: "unknown keys are rejected",
  enum: "a list of allowed values",
  const: "a fixed value",
};

/** What `keyword` checks, in words. */
export function meaning(keyword: string): string {
  return meanings[keyword] ?? `the ${keyword} keyword`;
}

/** Collects what a lowering leaves out; annotations are dropped silently. */
export class DropList {
  readonly list: DroppedKeyword[] = [];

  drop(at: string, keyword: string): void {
    if (!annotations.has(keyword)) this.list.push({ pointer: at, keyword, reason: meaning(keyword) });
  }
}

/** Keywords whose value is one subschema, a list of them, or a name-to-subschema map. */
const single = new Set([
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contentSchema",
  "propertyNames",
]);
const lists = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const maps = new Set(["properties", "$defs", "dependentSchemas", "patternProperties"]);

/** How one form treats a schema node: which keywords it keeps, then a rewrite of the kept node. */
export interface FormRules {
  /** Whether the form keeps `keyword` with this value at this node. */
  keeps(keyword: string, value: unknown, at: string): boolean;
  /** The node after its kept children are lowered (type arrays to `nullable`, …); identity if absent. */
  rewrite?(node: Mutable, at: string, drops: DropList): Mutable;
}

/** Lowers `schema` by `rules`: children first, dropped keywords reported at the node that held them. */
export function lowerNode(schema: unknown, rules: FormRules, at: string, drops: DropList): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const out: Mutable = {};
  for (const [keyword, value] of Object.entries(schema as JsonSchemaObject)) {
    if (!rules.keeps(keyword, value, at)) {
      drops.drop(at, keyword);
      continue;
    }
    out[keyword] = lowerChild(keyword, value, rules, at, drops);
  }
  return rules.rewrite === undefined ? out : rules.rewrite(out, at, drops);
}

function lowerChild(keyword: string, value: unknown, rules: FormRules, at: string, drops: DropList): unknown {
  if (single.has(keyword)) return lowerNode(value, rules, `${at}${pointer(keyword)}`, drops);
  if (lists.has(keyword) && Array.isArray(value))
    return value.map((item, i) => lowerNode(item, rules, `${at}${pointer(keyword, i)}`, drops));
  if (maps.has(keyword) && typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, child]) => [
        name,
        lowerNode(child, rules, `${at}${pointer(keyword, name)}`, drops),
      ]),
    );
  }
  return value;
}

/** Lowers a whole tool schema: the execute view first (see execute-view.ts), then the form's rules. */
export function lowerWith(schema: JsonSchemaObject, rules: FormRules): Lowered {
  const drops = new DropList();
  const lowered = lowerNode(executeView(schema), rules, "", drops) as JsonSchemaObject;
  return { schema: lowered, dropped: drops.list };
}
