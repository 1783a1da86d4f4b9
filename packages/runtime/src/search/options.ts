// Checks a search's query and options before any work, so bad input costs constant time and gets
// a message a model can act on (what was wrong, what to send instead).
import { ToolSearchError } from "../errors.js";

export interface ToolSearchOptions {
  /** Most hits returned, 1 to 50 (default 5). */
  readonly limit?: number;
  /** true: only tools annotated read-only. false or absent: every tool. */
  readonly readOnly?: boolean;
  /** Only tools of this group (the document's topic heading, such as `Candidates`), compared without case. */
  readonly group?: string;
}

export const defaultLimit = 5;
export const maxLimit = 50;
/** Longest query accepted: a need in words is far shorter; longer input is refused, not cut. */
export const maxQueryLength = 500;

const optionNames = new Set(["limit", "readOnly", "group"]);

export interface CheckedSearch {
  readonly query: string;
  readonly limit: number;
  readonly readOnly: boolean;
  readonly group: string | undefined;
}

export function checkSearch(query: unknown, options: unknown): CheckedSearch {
  if (typeof query !== "string")
    throw new ToolSearchError("query", `query must be a string describing the task, got ${typeof query}`);
  if (query.length > maxQueryLength) {
    throw new ToolSearchError(
      "query",
      `query is ${query.length} characters long; send at most ${maxQueryLength}: a few words naming the task`,
    );
  }
  if (query.trim() === "")
    throw new ToolSearchError("query", 'query is empty: describe the task in a few words, such as "list job openings"');
  if (options === undefined) return { query, limit: defaultLimit, readOnly: false, group: undefined };
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new ToolSearchError("options", "options must be an object with limit, readOnly or group");
  }
  const unknown = Object.keys(options).filter((key) => !optionNames.has(key));
  if (unknown.length > 0)
    throw new ToolSearchError(
      "options",
      `unknown option ${unknown.map((key) => JSON.stringify(key)).join(", ")}: use limit, readOnly or group`,
    );
  const { limit, readOnly, group } = options as Record<string, unknown>;
  return { query, limit: checkLimit(limit), readOnly: checkReadOnly(readOnly), group: checkGroup(group) };
}

function checkLimit(limit: unknown): number {
  if (limit === undefined) return defaultLimit;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
    const got = typeof limit === "number" ? String(limit) : typeof limit;
    throw new ToolSearchError("limit", `limit must be a whole number from 1 to ${maxLimit}, got ${got}`);
  }
  return limit;
}

function checkReadOnly(readOnly: unknown): boolean {
  if (readOnly === undefined) return false;
  if (typeof readOnly !== "boolean")
    throw new ToolSearchError("readOnly", `readOnly must be true or false, got ${typeof readOnly}`);
  return readOnly;
}

function checkGroup(group: unknown): string | undefined {
  if (group === undefined) return undefined;
  if (typeof group !== "string" || group.trim() === "")
    throw new ToolSearchError("group", "group must be a non-empty group name");
  return group;
}
