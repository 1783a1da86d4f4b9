// Classifies changes of a tool's captured request body schema (specs/request-bodies/<slug>/<Tool>.json).
// Every finding names the place by a JSON pointer into the body, as the generated validator reports
// issues (`/request_body/customer/zip`); `*` stands for every item of an array or every other key of a
// map. $refs are followed, so a changed component is reported where the body uses it. The rule is the
// parameters' rule: whatever can reject a body that used to pass is breaking, accepting more a feature.
import type { BodySchema, CapturedRequestBody } from "../ir/request-body.ts";
import { finding, sameJson, type Finding } from "./change.ts";
import { compareBound, compareMembers } from "./compare-values.ts";

const rootPointer = "/request_body";

export function compareRequestBodies(before: CapturedRequestBody | undefined, after: CapturedRequestBody | undefined): Finding[] {
  if (before === undefined) return after === undefined ? [] : [finding("minor", "request body schema captured")];
  if (after === undefined) return [finding("major", "request body schema no longer captured (request_body is an untyped string again)")];
  const findings = new BodyComparer(before, after).compare(rootPointer, before.root, after.root);
  // Annotations the IR does not keep (title, example, pattern...) still reach the generated types' docs.
  if (findings.length === 0 && !sameJson(before.answer, after.answer)) return [finding("patch", "request body schema changed, accepting the same bodies")];
  return findings;
}

/** A JSON pointer segment for a property name (`~` as `~0`, `/` as `~1`). */
function segment(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

function typeName(schema: BodySchema): string {
  return schema.kind === "ref" ? `$ref ${schema.name}` : schema.kind;
}

type Pair = readonly [BodySchema, BodySchema];

class BodyComparer {
  /** Resolved schema pairs being compared on the current path (components are shared IR nodes). */
  private readonly open: Pair[] = [];

  constructor(
    private readonly before: CapturedRequestBody,
    private readonly after: CapturedRequestBody,
  ) {}

  compare(path: string, beforeNode: BodySchema, afterNode: BodySchema): Finding[] {
    const old = resolve(this.before, beforeNode);
    const next = resolve(this.after, afterNode);
    // A recursive component met again at a deeper path has been compared already.
    if (this.open.some(([a, b]) => a === old && b === next)) return [];
    this.open.push([old, next]);
    try {
      const nullable = [acceptsNull(beforeNode, old), acceptsNull(afterNode, next)] as const;
      return [...this.compareResolved(path, old, next), ...compareAnnotations(path, old, next, nullable)];
    } finally {
      this.open.pop();
    }
  }

  private compareResolved(path: string, old: BodySchema, next: BodySchema): Finding[] {
    if (next.kind === "any") return old.kind === "any" ? [] : [finding("minor", `${path} accepts any value (was ${typeName(old)})`)];
    if (old.kind === "any") return [finding("major", `${path} constrained from any value to ${typeName(next)}`)];
    if (old.kind !== next.kind) {
      // Every integer is a number: widening to number accepts more.
      const widened = old.kind === "integer" && next.kind === "number";
      return [finding(widened ? "minor" : "major", `${path} type changed from ${typeName(old)} to ${typeName(next)}`)];
    }
    // The kinds match; the casts restate that for each branch.
    switch (old.kind) {
      case "object":
        return this.compareObjects(path, old, next as typeof old);
      case "array": {
        const after = next as typeof old;
        return [
          ...this.compare(`${path}/*`, old.items, after.items),
          ...compareBound(`${path} minItems`, "lower", old.minItems, after.minItems),
          ...compareBound(`${path} maxItems`, "upper", old.maxItems, after.maxItems),
        ];
      }
      case "string": {
        const after = next as typeof old;
        return [
          ...compareBound(`${path} minLength`, "lower", old.minLength, after.minLength),
          ...compareBound(`${path} maxLength`, "upper", old.maxLength, after.maxLength),
          // Formats are the engine's own and not checked by the generated validator: documentation.
          ...(old.format === after.format ? [] : [finding("patch", `${path} format changed from ${old.format ?? "none"} to ${after.format ?? "none"}`)]),
        ];
      }
      case "integer":
      case "number": {
        const after = next as typeof old;
        return [
          ...compareBound(`${path} minimum`, "lower", old.minimum, after.minimum),
          ...compareBound(`${path} exclusiveMinimum`, "lower", old.exclusiveMinimum, after.exclusiveMinimum),
          ...compareBound(`${path} maximum`, "upper", old.maximum, after.maximum),
          ...compareBound(`${path} exclusiveMaximum`, "upper", old.exclusiveMaximum, after.exclusiveMaximum),
        ];
      }
      case "enum": {
        const values = (schema: typeof old): string[] => schema.values.map((v) => JSON.stringify(v));
        return compareMembers((value, change) => `${path} enum value ${value} ${change}`, values(old), values(next as typeof old), { removed: "major", added: "minor" });
      }
      case "oneOf":
      case "anyOf":
      case "allOf":
        return this.compareComposites(path, old, next as typeof old);
      case "boolean":
      case "null":
      case "ref":
        return [];
    }
  }

  private compareObjects(path: string, old: Extract<BodySchema, { kind: "object" }>, next: typeof old): Finding[] {
    const findings: Finding[] = [];
    for (const property of old.properties) {
      const pointer = `${path}/${segment(property.name)}`;
      const match = next.properties.find((p) => p.name === property.name);
      if (match === undefined) {
        findings.push(finding("major", `body field ${pointer} removed`));
        continue;
      }
      if (property.required !== match.required) {
        findings.push(finding(match.required ? "major" : "minor", `${pointer} changed from ${property.required ? "required to optional" : "optional to required"}`));
      }
      findings.push(...this.compare(pointer, property.schema, match.schema));
    }
    for (const added of next.properties.filter((p) => !old.properties.some((o) => o.name === p.name))) {
      const pointer = `${path}/${segment(added.name)}`;
      findings.push(added.required ? finding("major", `required body field ${pointer} added`) : finding("minor", `optional body field ${pointer} added`));
    }
    return [
      ...findings,
      ...this.compareAdditional(path, old.additional, next.additional),
      ...compareBound(`${path} minProperties`, "lower", old.minProperties, next.minProperties),
      ...compareBound(`${path} maxProperties`, "upper", old.maxProperties, next.maxProperties),
    ];
  }

  /** additionalProperties: false rejects unlisted keys, true accepts any, a schema checks each one (`*`). */
  private compareAdditional(path: string, old: boolean | BodySchema, next: boolean | BodySchema): Finding[] {
    if (old === false || next === false) {
      if (old === next) return [];
      return [next === false ? finding("major", `${path} no longer accepts unlisted fields`) : finding("minor", `${path} accepts unlisted fields`)];
    }
    const anyValue: BodySchema = { kind: "any" };
    return this.compare(`${path}/*`, old === true ? anyValue : old, next === true ? anyValue : next);
  }

  private compareComposites(path: string, old: Extract<BodySchema, { kind: "oneOf" | "anyOf" | "allOf" }>, next: typeof old): Finding[] {
    if (old.options.length === next.options.length) return old.options.flatMap((option, i) => this.compare(path, option, next.options[i] ?? option));
    // An extra anyOf option accepts more; oneOf options can start overlapping, and allOf parts only narrow.
    const appended = next.options.length > old.options.length && old.options.every((option, i) => sameJson(option, next.options[i]));
    if (old.kind === "anyOf" && appended) return [finding("minor", `${path} accepts ${next.options.length - old.options.length} more anyOf option(s)`)];
    return [finding("major", `${path} ${old.kind} options changed from ${old.options.length} to ${next.options.length}`)];
  }
}

/** Follows $refs to the component schema (through aliases); a loop of bare refs stays a ref. */
function resolve(body: CapturedRequestBody, schema: BodySchema): BodySchema {
  let current = schema;
  const seen = new Set<string>();
  while (current.kind === "ref" && !seen.has(current.name)) {
    const name = current.name;
    seen.add(name);
    const target = body.components.find((c) => c.name === name)?.schema;
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

/** A nullable $ref allows null whatever its component says. */
function acceptsNull(node: BodySchema, resolved: BodySchema): boolean {
  const nullable = (schema: BodySchema): boolean => "nullable" in schema && schema.nullable;
  return nullable(node) || nullable(resolved);
}

/** Null acceptance and descriptions, for every kind. */
function compareAnnotations(path: string, old: BodySchema, next: BodySchema, [wasNullable, isNullable]: readonly [boolean, boolean]): Finding[] {
  const findings: Finding[] = [];
  if (old.kind !== "any" && next.kind !== "any" && wasNullable !== isNullable) {
    findings.push(isNullable ? finding("minor", `${path} accepts null`) : finding("major", `${path} no longer accepts null`));
  }
  if (old.description !== next.description) findings.push(finding("patch", `${path} description changed`));
  return findings;
}
