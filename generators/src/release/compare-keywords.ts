// Classifies changes of single keywords of two schema nodes, the parts of the schema comparer
// (compare-schemas.ts) that need no walk into subschemas. `path` names the place compared in every
// finding. The rule throughout: whatever can reject a value that used to pass is breaking, accepting
// more a feature, and a keyword without a rule of its own is breaking when added or changed and a
// feature when removed, since every keyword only ever narrows.
import { isCheckedFormat, type Keyword, type Schema, type SchemaNode, type TypeName } from "../ir/schema.ts";
import { keywords } from "../ir/vocabulary.ts";
import { finding, sameJson, type Finding } from "./change.ts";
import { compareBound, compareMembers, type BoundSide } from "./compare-values.ts";

const bounds: Partial<Record<Keyword, BoundSide>> = {
  minimum: "lower",
  exclusiveMinimum: "lower",
  maximum: "upper",
  exclusiveMaximum: "upper",
  minLength: "lower",
  maxLength: "upper",
  minItems: "lower",
  maxItems: "upper",
  minContains: "lower",
  maxContains: "upper",
  minProperties: "lower",
  maxProperties: "upper",
};
/** Keywords compared as part of another (type with its null, properties with required and additionalProperties...). */
const comparedElsewhere: ReadonlySet<Keyword> = new Set([
  "$ref",
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "allOf",
  "anyOf",
  "oneOf",
  "format",
]);

/** The keywords with no rule of their own, each compared by `compareKeyword`. */
export const plainKeywords = keywords.filter((k) => !comparedElsewhere.has(k));

/** Keys of a node that never change what it accepts. */
const annotations: ReadonlySet<string> = new Set(["description", "default", "enumName", "keys", "valuesNotShown"]);

/** Whether the node accepts any value: it holds annotations only. */
export function isEmpty(schema: Schema): boolean {
  return typeof schema !== "boolean" && Object.keys(schema).every((key) => annotations.has(key));
}

export function typeName(schema: Schema): string {
  if (typeof schema === "boolean") return schema ? "any" : "nothing";
  if (schema.type !== undefined) return schema.type.join(" or ");
  if (schema.$ref !== undefined) return `$ref ${schema.$ref}`;
  return schema.enum !== undefined || schema.const !== undefined ? "enum" : "constrained";
}

export function compareTypes(
  path: string,
  old: readonly TypeName[] | undefined,
  next: readonly TypeName[] | undefined,
): Finding[] {
  if (old === undefined || next === undefined) {
    if (old === next) return [];
    return [
      finding(
        next === undefined ? "minor" : "major",
        next === undefined
          ? `${path} accepts any type (was ${old?.join(" or ")})`
          : `${path} type constrained to ${next.join(" or ")}`,
      ),
    ];
  }
  const findings: Finding[] = [];
  if (old.includes("null") !== next.includes("null"))
    findings.push(
      next.includes("null")
        ? finding("minor", `${path} accepts null`)
        : finding("major", `${path} no longer accepts null`),
    );
  const was: readonly TypeName[] = old.filter((t) => t !== "null");
  const is: readonly TypeName[] = next.filter((t) => t !== "null");
  if (sameJson([...was].sort(), [...is].sort()) || was.length === 0 || is.length === 0) return findings;
  // Every integer is a number: widening to number accepts more.
  const accepted = (t: TypeName): boolean => is.includes(t) || (t === "integer" && is.includes("number"));
  findings.push(
    finding(
      was.every(accepted) ? "minor" : "major",
      `${path} type changed from ${was.join(" or ")} to ${is.join(" or ")}`,
    ),
  );
  return findings;
}

/** enum and const as sets of JSON values: a value removed is breaking, one added a feature. */
export function compareAllowed(path: string, old: SchemaNode, next: SchemaNode): Finding[] {
  const values = (node: SchemaNode): string[] | undefined =>
    node.enum !== undefined
      ? node.enum.map((v) => JSON.stringify(v))
      : node.const !== undefined
        ? [JSON.stringify(node.const)]
        : undefined;
  const [was, is] = [values(old), values(next)];
  if (was === undefined || is === undefined)
    return was === is
      ? []
      : [finding(is === undefined ? "minor" : "major", `${path} enum ${is === undefined ? "removed" : "added"}`)];
  return compareMembers((value, change) => `${path} enum value ${value} ${change}`, was, is, {
    removed: "major",
    added: "minor",
  });
}

/** A checked format narrows (every toolcat format is checked); any other format is documentation. */
export function compareFormats(path: string, old: SchemaNode, next: SchemaNode): Finding[] {
  const [was, is] = [old.format ?? old.toolFormat, next.format ?? next.toolFormat];
  if (was === is) return [];
  const checked = (node: SchemaNode): boolean =>
    node.toolFormat !== undefined || (node.format !== undefined && isCheckedFormat(node.format));
  const bump = !checked(old) && !checked(next) ? "patch" : checked(next) ? "major" : "minor";
  return [finding(bump, `${path} format changed from ${was ?? "none"} to ${is ?? "none"}`)];
}

/** The names a spec gives an open object's keys and an enum: the exported types and docs carry them. */
export function compareNames(path: string, old: SchemaNode, next: SchemaNode): Finding[] {
  // The enum's name is an exported TypeScript type: renaming it breaks code that imports it.
  const renamed =
    old.enumName === next.enumName
      ? []
      : [
          finding(
            "major",
            `${path} enum type renamed from ${old.enumName ?? "(unnamed)"} to ${next.enumName ?? "(unnamed)"}`,
          ),
        ];
  const [was, is] = [old.keys ?? [], next.keys ?? []];
  const keys = compareMembers(
    (key, change) => `${path} key ${key} ${change}`,
    was.map((k) => k.name),
    is.map((k) => k.name),
    { removed: "major", added: "minor" },
  );
  const keyDocs = keys.length === 0 && !sameJson(was, is) ? [finding("patch", `${path} key descriptions changed`)] : [];
  return [...renamed, ...keys, ...keyDocs];
}

export function compareKeyword(path: string, keyword: Keyword, old: unknown, next: unknown): Finding[] {
  const side = bounds[keyword];
  if (side !== undefined)
    return compareBound(`${path} ${keyword}`, side, old as number | undefined, next as number | undefined);
  if (sameJson(old, next)) return [];
  if (old === undefined || next === undefined)
    return [
      finding(next === undefined ? "minor" : "major", `${path} ${keyword} ${next === undefined ? "removed" : "added"}`),
    ];
  return [finding("major", `${path} ${keyword} changed`)];
}
