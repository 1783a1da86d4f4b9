// What a model reads back from a tool call, worded once for every route: handleToolCall builds its
// results from these, and an MCP server can too, so a model reads the same words either way. Errors
// are read by their `code`, not instanceof: an error from another copy of the runtime reads the same.
// Nothing here redacts; callers pass the text through their redaction.
import type { ToolcatErrorCode } from "../errors.js";
import { describeThrown } from "./issues.js";
import type { ValidationIssue } from "../validation.js";

const codes: ReadonlySet<string> = new Set<ToolcatErrorCode>([
  "validation_failed",
  "missing_secret",
  "transport_failed",
  "tool_failed",
  "authorization_required",
  "timeout",
  "invalid_search",
  "unexpected",
]);

/** A tool's answer as text: a string as it is, any other (JSON-safe) value as compact JSON. */
export function answerText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Arguments a model must fix, each issue at its JSON pointer. */
export function invalidText(label: string, issues: readonly ValidationIssue[]): string {
  const lines = issues.map((issue) => `- ${issue.path === "" ? "(arguments)" : issue.path}: ${issue.message}`);
  return `Invalid arguments for ${label}:\n${lines.join("\n")}\nFix these and call the tool again.`;
}

/** The toolcat error code of a thrown value, or undefined for anything else; never throws. */
export function toolcatCode(error: unknown): ToolcatErrorCode | undefined {
  try {
    const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
    return typeof code === "string" && codes.has(code) ? (code as ToolcatErrorCode) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A failed call as text: what went wrong and what the model, or its user, can do next. `label` names
 * the tool (its full name). Never throws: a getter that throws leaves only what describeThrown reads.
 */
export function failureText(label: string, error: unknown): string {
  try {
    const code = toolcatCode(error);
    const fields = error as Record<string, unknown>;
    if (code === "validation_failed" && Array.isArray(fields["issues"]))
      return invalidText(label, fields["issues"] as ValidationIssue[]);
    if (code === "authorization_required" && typeof fields["url"] === "string") {
      return (
        `${label} needs the user's authorization. Ask the user to open ${fields["url"]} and then call the tool ` +
        "again."
      );
    }
    const message = fields["message"];
    if (code === "tool_failed" && typeof message === "string") {
      const hint =
        fields["canRetry"] === true
          ? "Calling again may succeed."
          : "Calling again with the same arguments will not help.";
      return `${message} ${hint}`;
    }
    if (code !== undefined && typeof message === "string") return message;
  } catch {
    // Fall through: the error's fields could not be read.
  }
  return `${label} failed: ${describeThrown(error)}`;
}
