// Classifies the changes between two schemas of the IR: a captured request body (compare-bodies.ts)
// or a tool's parameter list (compare-tools.ts). Every finding names its place the way the caller
// names places (`/request_body/customer/zip`, `tags items`); `*`-like places stand for every item of
// an array or every other key of a map. $refs are followed, so a changed definition is reported where
// the schema uses it. Single keywords are compared in compare-keywords.ts.
import type { Schema, SchemaDocument, SchemaNode } from "../ir/schema.ts";
import { finding, sameJson, type Finding } from "./change.ts";
import {
  compareAllowed,
  compareFormats,
  compareKeyword,
  compareNames,
  compareTypes,
  isEmpty,
  plainKeywords,
  typeName,
} from "./compare-keywords.ts";

/** How findings name the places they are about. */
export interface Places {
  readonly root: string;
  property(path: string, name: string): string;
  /** Every item of an array, or every other key of a map. */
  each(path: string): string;
  /** What a property is called in findings ("body field"). */
  readonly field: string;
  /** The finding's text for a property added; `required` words its requirement, undefined when optional. */
  added(place: string, required: string | undefined): string;
}

/** How strongly a property is required, and the words findings use for it. */
interface Requirement {
  readonly rank: number;
  readonly words: string;
}

/** Required, required when another property has a value (the `~` rule), or optional. */
function requirementOf(node: SchemaNode, name: string): Requirement {
  if (node.required?.includes(name) === true) return { rank: 2, words: "required" };
  const rule = node.requiredWhen?.find((r) => r.onExecute === true && r.names.includes(name));
  return rule === undefined
    ? { rank: 0, words: "optional" }
    : { rank: 1, words: `required when ${rule.when} is ${rule.equals}` };
}

type Pair = readonly [Schema, Schema];
type Definitions = SchemaDocument["definitions"];

/** Every difference between what `before` and `after` accept, named by `places`. */
export function compareSchemas(
  places: Places,
  before: Schema,
  after: Schema,
  definitions: readonly [Definitions, Definitions] = [[], []],
): Finding[] {
  return new SchemaComparer(places, definitions).compare(places.root, before, after);
}

class SchemaComparer {
  /** Resolved schema pairs being compared on the current path (definitions are shared IR nodes). */
  private readonly open: Pair[] = [];
  private readonly definitions: readonly [ReadonlyMap<string, Schema>, ReadonlyMap<string, Schema>];

  constructor(
    private readonly places: Places,
    [before, after]: readonly [Definitions, Definitions],
  ) {
    this.definitions = [new Map(before.map((d) => [d.name, d.schema])), new Map(after.map((d) => [d.name, d.schema]))];
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
      ...compareNames(path, old, next),
      ...compareAllowed(path, old, next),
      ...this.compareObjects(path, old, next),
      ...(old.items === undefined && next.items === undefined
        ? []
        : this.compare(this.places.each(path), old.items ?? true, next.items ?? true)),
      ...(["allOf", "anyOf", "oneOf"] as const).flatMap((kind) =>
        this.compareComposites(path, kind, old[kind], next[kind]),
      ),
      ...compareFormats(path, old, next),
      ...plainKeywords.flatMap((k) => compareKeyword(path, k, old[k], next[k])),
      ...described,
    ];
  }

  private compareObjects(path: string, old: SchemaNode, next: SchemaNode): Finding[] {
    const { places } = this;
    const findings: Finding[] = [];
    const oldProperties = old.properties ?? [];
    const nextProperties = next.properties ?? [];
    for (const property of oldProperties) {
      const place = places.property(path, property.name);
      const match = nextProperties.find((p) => p.name === property.name);
      if (match === undefined) {
        findings.push(finding("major", `${places.field} ${place} removed`));
        continue;
      }
      findings.push(...this.compare(place, property.value, match.value));
    }
    for (const added of nextProperties.filter((p) => !oldProperties.some((o) => o.name === p.name))) {
      const { rank, words } = requirementOf(next, added.name);
      const text = places.added(places.property(path, added.name), rank === 0 ? undefined : words);
      findings.push(finding(rank === 0 ? "minor" : "major", text));
    }
    const addedField = (name: string): boolean =>
      nextProperties.some((p) => p.name === name) && !oldProperties.some((p) => p.name === name);
    const required = (node: SchemaNode): string[] => [
      ...(node.required ?? []),
      ...(node.requiredWhen ?? []).flatMap((rule) => (rule.onExecute === true ? rule.names : [])),
    ];
    for (const name of new Set([...required(old), ...required(next)])) {
      const [was, is] = [requirementOf(old, name), requirementOf(next, name)];
      // A field added as required is reported as added.
      if (was.words === is.words || addedField(name)) continue;
      findings.push(
        finding(
          is.rank > was.rank ? "major" : "minor",
          `${places.property(path, name)} changed from ${was.words} to ${is.words}`,
        ),
      );
    }
    return [...findings, ...this.compareAdditional(path, old.additionalProperties, next.additionalProperties)];
  }

  /** additionalProperties: false rejects unlisted keys, absent accepts any, a schema checks each one. */
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
    return this.compare(this.places.each(path), old ?? true, next ?? true);
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
