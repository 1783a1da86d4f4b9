// Which tools a server serves: the `tools` filter (names or globs in any name form), read-only, and
// groups (the spec's topic headings).
import type { ManifestTool } from "@toolcat/runtime";
import { nameForms, toolAnnotations } from "./names.js";

export interface ToolFilter {
  /** Names or globs (`*`, `?`) matched against the short, full and model names; all tools when absent. */
  readonly tools?: readonly string[];
  /** Keep only tools whose annotations say `readOnlyHint: true`. */
  readonly readOnly?: boolean;
  /**
   * Keep only tools of these groups: a heading as the spec writes it (`Approvals and offers`) or as its
   * tool files name it (`approvals-and-offers`), without case; `other` is the tools without a heading.
   */
  readonly groups?: readonly string[];
}

/** The tools the filter keeps; throws when a pattern or group matches no tool, as that is almost surely a typo. */
export function selectTools<T extends ManifestTool>(tools: readonly T[], filter: ToolFilter): T[] {
  const patterns = filter.tools?.map((pattern) => ({ pattern, regex: globToRegExp(pattern) }));
  const matches = (regex: RegExp, tool: T): boolean => nameForms(tool).some((name) => regex.test(name));
  const unmatched = patterns?.filter(({ regex }) => !tools.some((tool) => matches(regex, tool))) ?? [];
  if (unmatched.length > 0) {
    const list = unmatched.map(({ pattern }) => JSON.stringify(pattern)).join(", ");
    throw new Error(`no tool matches ${list}; patterns match short, full or model names, with * and ?`);
  }
  const groups = filter.groups?.map(groupSlug);
  const unknownGroups = groups?.filter((group) => !tools.some((tool) => groupOf(tool) === group)) ?? [];
  if (unknownGroups.length > 0) {
    const known = [...new Set(tools.map(groupOf))].sort().join(", ");
    throw new Error(
      `no tool is in group ${unknownGroups.map((g) => JSON.stringify(g)).join(", ")}; the groups are: ${known}`,
    );
  }
  return tools.filter((tool) => {
    if (filter.readOnly === true && toolAnnotations(tool)?.readOnlyHint !== true) return false;
    if (groups !== undefined && !groups.includes(groupOf(tool))) return false;
    return patterns === undefined || patterns.some(({ regex }) => matches(regex, tool));
  });
}

/** A heading as the tool files name its directory: ASCII words, lower case, joined by `-`. */
function groupSlug(heading: string): string {
  return heading
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .join("-")
    .toLowerCase();
}

/** The tool's group slug; tools without a heading (every tool of a spec without headings) are `other`. */
function groupOf(tool: ManifestTool): string {
  return tool.group === undefined ? "other" : groupSlug(tool.group);
}

function globToRegExp(pattern: string): RegExp {
  const source = [...pattern]
    .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[\\^$.|+()[\]{}]/, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}
