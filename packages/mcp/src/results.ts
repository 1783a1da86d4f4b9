// Turns what a toolcat client returns or throws into MCP tool results a model can read. The texts
// are the runtime's (answerText, failureText), so a model reads the same words as from
// handleToolCall; the structured content adds the facts. Errors are recognised by their `code`, not
// instanceof: a loaded package may carry its own runtime copy. Every text and detail passes
// through `clean`, the client's redaction of the secrets it knows.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { answerText, cleanJson, failureText, type Clean } from "@toolcat/runtime/internal";

const unchanged: Clean = (text) => text;

/** The value as structured content (wrapped when it is not an object) and as text (compact JSON); never throws. */
export function successResult(value: unknown, clean: Clean = unchanged): CallToolResult {
  const json = cleanJson(value, clean);
  if (!json.ok) {
    const text = `the tool answered with a value that is not JSON: ${json.problem}`;
    return { isError: true, content: [{ type: "text", text }], structuredContent: { error: { code: "unexpected" } } };
  }
  const isRecord = typeof json.value === "object" && json.value !== null && !Array.isArray(json.value);
  const structured = isRecord ? (json.value as Record<string, unknown>) : { value: json.value };
  return { content: [{ type: "text", text: answerText(json.value) }], structuredContent: structured };
}

interface CodedError {
  readonly code: string;
  readonly message: string;
  readonly [detail: string]: unknown;
}

function isCodedError(error: unknown): error is CodedError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === "string";
}

/** The details of each toolcat error code a model may act on. */
const details: Readonly<Record<string, (error: CodedError) => Record<string, unknown>>> = {
  validation_failed: (error) => ({ issues: error.issues }),
  missing_secret: (error) => ({ missing: error.missing }),
  authorization_required: (error) => ({ url: error.url, status: error.status }),
  tool_failed: (error) => ({ canRetry: error.canRetry }),
  transport_failed: (error) => ({ retryable: error.retryable }),
  timeout: (error) => ({ timeoutMs: error.timeoutMs }),
  invalid_search: (error) => ({ input: error.input }),
};

/**
 * An `isError` result for a call of the tool named `label` (its full name): failureText's words
 * (issues with their JSON pointers, missing secret names, the authorization URL, what to do next)
 * and the same facts as structured content. Never throws.
 */
export function errorResult(label: string, error: unknown, clean: Clean = unchanged): CallToolResult {
  // failureText never throws: a getter that throws leaves only what describeThrown reads.
  const text = clean(failureText(label, error));
  const internal = (): CallToolResult => ({
    isError: true,
    content: [{ type: "text", text }],
    structuredContent: { error: { code: "internal" } },
  });
  try {
    if (!isCodedError(error) || !Object.hasOwn(details, error.code)) return internal();
    const structured = cleanJson({ code: error.code, ...details[error.code]?.(error) }, clean);
    if (!structured.ok) return internal();
    return { isError: true, content: [{ type: "text", text }], structuredContent: { error: structured.value } };
  } catch {
    // A getter on the error threw: the facts are left out.
    return internal();
  }
}

/** The isError result for arguments a model must change: the message says what to send instead. */
export function invalidArguments(message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: "text", text: message }],
    structuredContent: { error: { code: "invalid_arguments" } },
  };
}
