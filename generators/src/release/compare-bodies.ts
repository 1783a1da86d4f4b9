// Classifies changes of a tool's captured request body schema (specs/request-bodies/<slug>/<Tool>.json).
// Every finding names the place by a JSON pointer into the body, as the generated validator reports
// issues (`/request_body/customer/zip`); `*` stands for every item of an array or every other key of a
// map. $refs are followed, so a changed definition is reported where the body uses it. The rule is the
// parameters' rule: whatever can reject a body that used to pass is breaking, accepting more a feature.
// Keywords are compared by the vocabulary's kinds; one without a rule of its own is breaking when
// added or changed and a feature when removed, since every keyword only ever narrows.
import type { CapturedRequestBody } from "../ir/request-body.ts";
import { isCheckedFormat, type Keyword, type Schema, type SchemaNode, type TypeName } from "../ir/schema.ts";
import { keywords } from "../ir/vocabulary.ts";
import { finding, sameJson, type Finding } from "./change.ts";
import { compareBound, compareMembers, type BoundSide } from "./compare-values.ts";

const rootPointer = "/request_body";

export function compareRequestBodies(
  before: CapturedRequestBody | undefined,
  after: CapturedRequestBody | undefined,
): Finding[] {
  if (before === undefined) return after === undefined ? [] : [finding("minor", "request body schema captured")];
  if (after === undefined)
    return [finding("major", "request body schema no longer captured (request_body is an untyped string again)")];
  const findings = new BodyComparer(before, after).compare(rootPointer, before.root, after.root);
  // Annotations the IR does not keep (title, example...) still reach the answer kept for reference.
  if (findings.length === 0 && !sameJson(before.answer, after.answer))
    return [finding("patch", "request body schema changed, accepting the same bodies")];
  return findings;
}

/** A JSON pointer segment for a property name (`~` as `~0`, `/` as `~1`). */
function segment(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

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

type Pair = readonly [Schema, Schema];

class BodyComparer {
  /** Resolved schema pairs being compared on the current path (definitions are shared IR nodes). */
  private readonly open: Pair[] = [];
  private readonly definitions: readonly [ReadonlyMap<string, Schema>, ReadonlyMap<string, Schema>];

  constructor(before: CapturedRequestBody, after: CapturedRequestBody) {
    this.definitions = [
      new Map(before.definitions.map((d) => [d.name, d.schema])),
      new Map(after.definitions.map((d) => [d.name, d.schema])),
    ];
  }

  compare(path: string, beforeNode: Schema, afterNode: Schema): Finding[] {
    const old = resolve(this.definitions[0], beforeNode);
    const next = resolve(this.definitions[1], afterNode);
    // A recursive definition met again at a deeper path has been compared already.
    if (this.open.some(([a, b]) => a === old && b === next)) return [];
    this.open.push([old, next]);
    try {
      return this.compareResolved(path, old, next);
    } finally {
      this.open.pop();
    }
  }

  private compareResolved(path: string, old: Schema, next: Schema): Finding[] {
    if (next === true || isEmpty(next))
      return old === true || isEmpty(old) ? [] : [finding("minor", `${path} accepts any value (was ${typeName(old)})`)];
    if (old === true || isEmpty(old))
      return [finding("major", `${path} constrained from any value to ${typeName(next)}`)];
    if (old === false || next === false)
      return old === next
        ? []
        : [
            finding(
              next === false ? "major" : "minor",
              `${path} ${next === false ? "no longer accepts any value" : "accepts values again"}`,
            ),
          ];
    const refTarget = (node: SchemaNode, side: 0 | 1): Schema =>
      node.$ref === undefined ? true : (this.definitions[side].get(node.$ref) ?? true);
    const described = old.description === next.description ? [] : [finding("patch", `${path} description changed`)];
    const types = compareTypes(path, old.type, next.type);
    // A value of another type meets none of the old keywords: the type change says it all.
    if (types.some((f) => f.bump === "major" && f.text.includes("type changed"))) return [...types, ...described];
    return [
      ...(old.$ref === undefined && next.$ref === undefined
        ? []
        : this.compare(path, refTarget(old, 0), refTarget(next, 1))),
      ...types,
      ...compareAllowed(path, old, next),
      ...this.compareObjects(path, old, next),
      ...(old.items === undefined && next.items === undefined
        ? []
        : this.compare(`${path}/*`, old.items ?? true, next.items ?? true)),
      ...(["allOf", "anyOf", "oneOf"] as const).flatMap((kind) =>
        this.compareComposites(path, kind, old[kind], next[kind]),
      ),
      ...compareFormats(path, old.format, next.format),
      ...keywords.filter((k) => !comparedElsewhere.has(k)).flatMap((k) => compareKeyword(path, k, old[k], next[k])),
      ...described,
    ];
  }

  private compareObjects(path: string, old: SchemaNode, next: SchemaNode): Finding[] {
    const findings: Finding[] = [];
    const [oldRequired, nextRequired] = [new Set(old.required ?? []), new Set(next.required ?? [])];
    const oldProperties = old.properties ?? [];
    const nextProperties = next.properties ?? [];
    for (const property of oldProperties) {
      const pointer = `${path}/${segment(property.name)}`;
      const match = nextProperties.find((p) => p.name === property.name);
      if (match === undefined) {
        findings.push(finding("major", `body field ${pointer} removed`));
        continue;
      }
      findings.push(...this.compare(pointer, property.value, match.value));
    }
    for (const added of nextProperties.filter((p) => !oldProperties.some((o) => o.name === p.name))) {
      const pointer = `${path}/${segment(added.name)}`;
      findings.push(
        nextRequired.has(added.name)
          ? finding("major", `required body field ${pointer} added`)
          : finding("minor", `optional body field ${pointer} added`),
      );
    }
    const addedField = (name: string): boolean =>
      nextProperties.some((p) => p.name === name) && !oldProperties.some((p) => p.name === name);
    for (const name of new Set([...oldRequired, ...nextRequired])) {
      // A field added as required is reported as added.
      if (oldRequired.has(name) === nextRequired.has(name) || addedField(name)) continue;
      const pointer = `${path}/${segment(name)}`;
      findings.push(
        finding(
          nextRequired.has(name) ? "major" : "minor",
          `${pointer} changed from ${oldRequired.has(name) ? "required to optional" : "optional to required"}`,
        ),
      );
    }
    return [...findings, ...this.compareAdditional(path, old.additionalProperties, next.additionalProperties)];
  }

  /** additionalProperties: false rejects unlisted keys, absent accepts any, a schema checks each one (`*`). */
  private compareAdditional(path: string, old: Schema | undefined, next: Schema | undefined): Finding[] {
    if (old === false || next === false) {
      if (old === next) return [];
      return [
        next === false
          ? finding("major", `${path} no longer accepts unlisted fields`)
          : finding("minor", `${path} accepts unlisted fields`),
      ];
    }
    if (old === undefined && next === undefined) return [];
    return this.compare(`${path}/*`, old ?? true, next ?? true);
  }

  private compareComposites(
    path: string,
    kind: "allOf" | "anyOf" | "oneOf",
    old: readonly Schema[] | undefined,
    next: readonly Schema[] | undefined,
  ): Finding[] {
    if (old === undefined && next === undefined) return [];
    if (old === undefined || next === undefined)
      return [
        finding(next === undefined ? "minor" : "major", `${path} ${kind} ${next === undefined ? "removed" : "added"}`),
      ];
    if (old.length === next.length) return old.flatMap((option, i) => this.compare(path, option, next[i] ?? option));
    // An extra anyOf option accepts more; oneOf options can start overlapping, and allOf parts only narrow.
    const appended = next.length > old.length && old.every((option, i) => sameJson(option, next[i]));
    if (kind === "anyOf" && appended)
      return [finding("minor", `${path} accepts ${next.length - old.length} more anyOf option(s)`)];
    return [finding("major", `${path} ${kind} options changed from ${old.length} to ${next.length}`)];
  }
}

/** Follows refs with no keyword beside them to their target; a loop of bare refs stays a ref. */
function resolve(definitions: ReadonlyMap<string, Schema>, schema: Schema): Schema {
  let current = schema;
  const seen = new Set<string>();
  while (
    typeof current !== "boolean" &&
    current.$ref !== undefined &&
    Object.keys(current).length === 1 &&
    !seen.has(current.$ref)
  ) {
    seen.add(current.$ref);
    const target = definitions.get(current.$ref);
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

function isEmpty(schema: Schema): boolean {
  return typeof schema !== "boolean" && keywords.every((k) => schema[k] === undefined);
}

function typeName(schema: Schema): string {
  if (typeof schema === "boolean") return schema ? "any" : "nothing";
  if (schema.type !== undefined) return schema.type.join(" or ");
  if (schema.$ref !== undefined) return `$ref ${schema.$ref}`;
  return schema.enum !== undefined || schema.const !== undefined ? "enum" : "constrained";
}

function compareTypes(
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
function compareAllowed(path: string, old: SchemaNode, next: SchemaNode): Finding[] {
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

/** A checked format narrows; any other format is documentation. */
function compareFormats(path: string, old: string | undefined, next: string | undefined): Finding[] {
  if (old === next) return [];
  const checked = [old, next].some((f) => f !== undefined && isCheckedFormat(f));
  const bump = !checked ? "patch" : next !== undefined && isCheckedFormat(next) ? "major" : "minor";
  return [finding(bump, `${path} format changed from ${old ?? "none"} to ${next ?? "none"}`)];
}

function compareKeyword(path: string, keyword: Keyword, old: unknown, next: unknown): Finding[] {
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
