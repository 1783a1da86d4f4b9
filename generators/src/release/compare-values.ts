// Classifies changes to what a parameter accepts. The rule throughout: anything that can make a
// call that used to be valid invalid (or stop compiling) is breaking; anything that only accepts
// more is a feature.
import type { ValueType } from "../ir/types.ts";
import { finding, sameJson, type Bump, type Finding } from "./change.ts";

/** A lower bound (minimum, minProperties) tightens when it rises; an upper bound when it falls. */
export type BoundSide = "lower" | "upper";

/** `label` names the thing bounded and the bound, e.g. "max_rows maximum". */
export function compareBound(
  label: string,
  side: BoundSide,
  before: number | undefined,
  after: number | undefined,
): Finding[] {
  if (before === after) return [];
  if (before === undefined) return [finding("major", `${label} ${after} added`)];
  if (after === undefined) return [finding("minor", `${label} ${before} removed`)];
  const raised = after > before;
  const tightened = side === "lower" ? raised : !raised;
  return [
    finding(tightened ? "major" : "minor", `${label} ${raised ? "raised" : "lowered"} from ${before} to ${after}`),
  ];
}

export interface MemberBumps {
  readonly removed: Bump;
  readonly added: Bump;
}

/** Set differences of named members (enum values, secrets, scopes, object keys), one finding each. */
export function compareMembers(
  describe: (name: string, change: "added" | "removed") => string,
  before: readonly string[],
  after: readonly string[],
  bumps: MemberBumps,
): Finding[] {
  const removed = before
    .filter((name) => !after.includes(name))
    .map((name) => finding(bumps.removed, describe(name, "removed")));
  const added = after
    .filter((name) => !before.includes(name))
    .map((name) => finding(bumps.added, describe(name, "added")));
  return [...removed, ...added];
}

/** A short name for a type, used when the kind itself changes. */
function typeName(type: ValueType): string {
  switch (type.kind) {
    case "enum":
      return type.name === undefined ? "enum" : `enum ${type.name}`;
    case "array":
      return `array of ${typeName(type.items)}`;
    default:
      return type.kind;
  }
}

/** Every difference between what `label` (a parameter, or its items) accepted before and after. */
export function compareValueTypes(label: string, before: ValueType, after: ValueType): Finding[] {
  if (before.kind !== after.kind)
    return [finding("major", `${label} type changed from ${typeName(before)} to ${typeName(after)}`)];
  // The kinds match; the casts restate that for each branch.
  switch (before.kind) {
    case "string": {
      const next = after as typeof before;
      if (before.format === next.format) return [];
      // Any new or different format rejects strings that used to pass; dropping one accepts more.
      const bump: Bump = next.format === undefined ? "minor" : "major";
      return [finding(bump, `${label} format changed from ${before.format ?? "none"} to ${next.format ?? "none"}`)];
    }
    case "enum":
      return compareEnums(label, before, after as typeof before);
    case "integer":
    case "number": {
      const next = after as typeof before;
      return [
        ...compareBound(`${label} minimum`, "lower", before.minimum, next.minimum),
        ...compareBound(`${label} maximum`, "upper", before.maximum, next.maximum),
      ];
    }
    case "boolean":
      return [];
    case "object": {
      const next = after as typeof before;
      const keys = compareMembers(
        (key, change) => `${label} key ${key} ${change}`,
        before.keys.map((k) => k.name),
        next.keys.map((k) => k.name),
        { removed: "major", added: "minor" },
      );
      const keyDocs =
        keys.length === 0 && !sameJson(before.keys, next.keys)
          ? [finding("patch", `${label} key descriptions changed`)]
          : [];
      return [
        ...keys,
        ...keyDocs,
        ...compareBound(`${label} minProperties`, "lower", before.minProperties, next.minProperties),
        ...compareBound(`${label} maxProperties`, "upper", before.maxProperties, next.maxProperties),
      ];
    }
    case "array":
      return compareValueTypes(`${label} items`, before.items, (after as typeof before).items);
  }
}

function compareEnums(label: string, before: Extract<ValueType, { kind: "enum" }>, after: typeof before): Finding[] {
  // The enum's name is an exported TypeScript type: renaming it breaks code that imports it.
  const name =
    before.name === after.name
      ? []
      : [
          finding(
            "major",
            `${label} enum type renamed from ${before.name ?? "(unnamed)"} to ${after.name ?? "(unnamed)"}`,
          ),
        ];
  const { values: old } = before;
  const { values: next } = after;
  if (old.known && next.known) {
    return [
      ...name,
      ...compareMembers((value, change) => `${label} enum value "${value}" ${change}`, old.value, next.value, {
        removed: "major",
        added: "minor",
      }),
    ];
  }
  if (old.known === next.known) return name;
  // An unlisted enum accepts any string; listing the values narrows it, unlisting them widens it.
  return [
    ...name,
    next.known
      ? finding("major", `${label} enum values now listed (${next.value.join(", ")})`)
      : finding("minor", `${label} enum values no longer listed`),
  ];
}
