// The vocabulary of a spec diff: what one change is, how strong a version bump it needs, and how
// it reads in plain words. Every comparer produces these; the CLI, the JSON output and the release
// plan only render them.

export type Bump = "major" | "minor" | "patch";

/** The bump a whole diff needs: "none" when the two specs describe the same package. */
export type Level = Bump | "none";

/** One classified difference, before it is attached to a server or tool. */
export interface Finding {
  readonly bump: Bump;
  /** Plain words without the subject or the class, e.g. "max_rows maximum lowered from 1000 to 500". */
  readonly text: string;
}

export interface Change extends Finding {
  /** `<Server>.<Tool>` for tool-level changes, `<Server>` for server-level ones. */
  readonly subject: string;
}

/** How each bump is named in changelogs and diff output. */
export const classNames: Readonly<Record<Bump, string>> = { major: "breaking", minor: "feature", patch: "docs" };

const rank: Readonly<Record<Level, number>> = { none: 0, patch: 1, minor: 2, major: 3 };

export function strongest(changes: readonly Finding[]): Level {
  return changes.reduce<Level>((best, c) => (rank[c.bump] > rank[best] ? c.bump : best), "none");
}

/** Breaking changes first, then features, then docs; the original order within each class. */
export function bySeverity<T extends Finding>(changes: readonly T[]): T[] {
  return [...changes].sort((a, b) => rank[b.bump] - rank[a.bump]);
}

/** "CloudSheets.GetSpreadsheet: max_rows maximum lowered from 1000 to 500 (breaking)". */
export function describeChange(change: Change): string {
  return `${change.subject}: ${change.text} (${classNames[change.bump]})`;
}

export function finding(bump: Bump, text: string): Finding {
  return { bump, text };
}

/** Attaches a subject to the findings of one comparer. */
export function about(subject: string, findings: readonly Finding[]): Change[] {
  return findings.map((f) => ({ subject, ...f }));
}

/** Structural equality for IR values, which are plain JSON built in a fixed key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
