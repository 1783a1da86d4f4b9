// Turns what a toolcat client returns or throws into MCP tool results a model can read. Errors are
// recognised by their `code`, not instanceof: a loaded package may carry its own runtime copy.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The value as structured content (wrapped when it is not an object) and as JSON text. */
export function successResult(value: unknown): CallToolResult {
  const isRecord = typeof value === "object" && value !== null && !Array.isArray(value);
  const structured = isRecord ? (value as Record<string, unknown>) : { value: value ?? null };
  return { content: [{ type: "text", text: JSON.stringify(value ?? null, null, 2) }], structuredContent: structured };
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
 * An `isError` result: the error's message as text (issues with their JSON pointers, missing
 * secret names, the authorization URL) and the same facts as structured content.
 */
export function errorResult(error: unknown): CallToolResult {
  if (!isCodedError(error) || !Object.hasOwn(details, error.code)) {
    const message = error instanceof Error ? error.message : String(error);
    const text = `the tool call failed: ${message}`;
    return { isError: true, content: [{ type: "text", text }], structuredContent: { error: { code: "internal" } } };
  }
  const extra = details[error.code]?.(error) ?? {};
  return { isError: true, content: [{ type: "text", text: error.message }], structuredContent: { error: { code: error.code, ...extra } } };
}
