// Which tools a server lists: the `tools` filter (names or globs in any name form) and read-only.
import type { ManifestTool } from "@toolcat/runtime";
import { nameForms, toolAnnotations } from "./names.js";

export interface ToolFilter {
  /** Names or globs (`*`, `?`) matched against the short, full and model names; all tools when absent. */
  readonly tools?: readonly string[];
  /** Keep only tools whose annotations say `readOnlyHint: true`. */
  readonly readOnly?: boolean;
}

/** The tools the filter keeps; throws when a pattern matches no tool, as that is almost surely a typo. */
export function selectTools<T extends ManifestTool>(tools: readonly T[], filter: ToolFilter): T[] {
  const patterns = filter.tools?.map((pattern) => ({ pattern, regex: globToRegExp(pattern) }));
  const matches = (regex: RegExp, tool: T): boolean => nameForms(tool).some((name) => regex.test(name));
  const unmatched = patterns?.filter(({ regex }) => !tools.some((tool) => matches(regex, tool))) ?? [];
  if (unmatched.length > 0) {
    const list = unmatched.map(({ pattern }) => JSON.stringify(pattern)).join(", ");
    throw new Error(`no tool matches ${list}; patterns match short, full or model names, with * and ?`);
  }
  return tools.filter((tool) => {
    if (filter.readOnly === true && toolAnnotations(tool)?.readOnlyHint !== true) return false;
    return patterns === undefined || patterns.some(({ regex }) => matches(regex, tool));
  });
}

function globToRegExp(pattern: string): RegExp {
  const source = [...pattern].map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[\\^$.|+()[\]{}]/, "\\$&"))).join("");
  return new RegExp(`^${source}$`);
}
