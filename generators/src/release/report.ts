// Renders a spec diff for people (one plain-word line per change) and for programs (JSON).
import { bySeverity, classNames, describeChange, type Bump, type Level } from "./change.ts";
import type { SpecDiff } from "./compare-servers.ts";

export interface DiffReport {
  readonly old: string;
  readonly new: string;
  readonly server: string;
  readonly packageName: string;
  readonly bump: Level;
  readonly changes: readonly {
    readonly subject: string;
    readonly bump: Bump;
    readonly class: string;
    readonly text: string;
    readonly line: string;
  }[];
}

/** Plain-word lines, breaking changes first: the form changelogs use. */
export function changeLines(diff: SpecDiff): string[] {
  return bySeverity(diff.changes).map(describeChange);
}

export function formatText(diff: SpecDiff, oldLabel: string, newLabel: string): string {
  const lines = changeLines(diff);
  return [
    `${diff.server} (${diff.packageName}): ${oldLabel} → ${newLabel}`,
    ...(lines.length === 0 ? ["no changes"] : lines),
    `bump: ${diff.bump}`,
    "",
  ].join("\n");
}

export function toJson(diff: SpecDiff, oldLabel: string, newLabel: string): DiffReport {
  return {
    old: oldLabel,
    new: newLabel,
    server: diff.server,
    packageName: diff.packageName,
    bump: diff.bump,
    changes: bySeverity(diff.changes).map((c) => ({
      subject: c.subject,
      bump: c.bump,
      class: classNames[c.bump],
      text: c.text,
      line: describeChange(c),
    })),
  };
}
