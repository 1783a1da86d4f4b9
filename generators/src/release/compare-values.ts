// The two shapes of change every comparer classifies: a bound that moves and a set of named members
// that grows or shrinks. The rule throughout: anything that can make a call that used to be valid
// invalid (or stop compiling) is breaking; anything that only accepts more is a feature.
import { finding, type Bump, type Finding } from "./change.ts";

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
