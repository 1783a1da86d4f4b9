// Every error the runtime throws. Messages are built only from tool names, secret names, issue
// messages and (redacted) server text, never from secret values.
import type { ValidationIssue } from "./validation.js";

export type ToolcatErrorCode =
  | "validation_failed"
  | "missing_secret"
  | "transport_failed"
  | "tool_failed"
  | "authorization_required"
  | "timeout"
  | "invalid_search"
  | "unexpected";

/** The HTTP response an error came from, for support requests and logs; header values are redacted. */
export interface ResponseInfo {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The service's `x-request-id`, when it sent one. */
  readonly requestId: string | undefined;
}

/** Base of every runtime error; `code` lets callers branch without instanceof across bundles. */
export class ToolcatError extends Error {
  readonly code: ToolcatErrorCode;
  /** Set when the error came from an HTTP response. */
  response?: ResponseInfo;

  constructor(code: ToolcatErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The input broke the tool's schema; thrown before any I/O. */
export class ValidationError extends ToolcatError {
  readonly toolName: string;
  readonly issues: readonly ValidationIssue[];

  constructor(toolName: string, issues: readonly ValidationIssue[]) {
    const lines = issues.map((issue) => `  ${issue.path === "" ? "(root)" : issue.path}: ${issue.message}`);
    super("validation_failed", `invalid input for ${toolName}:\n${lines.join("\n")}`);
    this.toolName = toolName;
    this.issues = issues;
  }
}

/** The tool declares secrets that are not configured; thrown before any I/O. */
export class MissingSecretError extends ToolcatError {
  readonly toolName: string;
  readonly missing: readonly string[];

  constructor(toolName: string, missing: readonly string[]) {
    const names = missing.join(", ");
    super(
      "missing_secret",
      `${toolName} needs the secret${missing.length === 1 ? "" : "s"} ${names}, which ` +
        `${missing.length === 1 ? "is" : "are"} not configured: pass ${missing.length === 1 ? "it" : "them"} in ` +
        `the client's \`secrets\` option or set the environment variable${missing.length === 1 ? "" : "s"} ` +
        `${names}`,
    );
    this.toolName = toolName;
    this.missing = missing;
  }
}

/** The request did not reach the tool or its answer could not be read. */
export class TransportError extends ToolcatError {
  /** HTTP status, when there was a response. */
  readonly status: number | undefined;
  /** Whether sending the same request again is safe: the tool surely did not run (see http/retry.ts). */
  readonly retryable: boolean;

  constructor(
    message: string,
    details: { status?: number; retryable: boolean; cause?: unknown; response?: ResponseInfo | undefined },
  ) {
    super("transport_failed", message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status ?? details.response?.status;
    this.retryable = details.retryable;
    if (details.response !== undefined) this.response = details.response;
  }
}

/** A tool search was asked with a query or option it cannot take; the message says what to send instead. */
export class ToolSearchError extends ToolcatError {
  /** What was wrong: `query`, `limit`, `readOnly`, `group` or `options` (the options object itself). */
  readonly input: "query" | "limit" | "readOnly" | "group" | "options";

  constructor(input: ToolSearchError["input"], message: string) {
    super("invalid_search", message);
    this.input = input;
  }
}

/** The tool ran and reported a failure. */
export class ToolExecutionError extends ToolcatError {
  readonly toolName: string;
  /** The server's `can_retry`: whether calling again may succeed. */
  readonly canRetry: boolean;

  constructor(toolName: string, message: string, canRetry: boolean) {
    super("tool_failed", `${toolName} failed: ${message}`);
    this.toolName = toolName;
    this.canRetry = canRetry;
  }
}

/** The user must authorize the tool at `url` before it can run. */
export class AuthorizationRequiredError extends ToolcatError {
  readonly toolName: string;
  readonly url: string;
  /** The server's authorization status, such as `pending`. */
  readonly status: string;

  constructor(toolName: string, url: string, status: string) {
    super("authorization_required", `${toolName} needs authorization (status ${status}): open ${url}, then call again`);
    this.toolName = toolName;
    this.url = url;
    this.status = status;
  }
}

/** No answer within the time limit; the tool may still have run. */
export class TimeoutError extends ToolcatError {
  readonly toolName: string;
  readonly timeoutMs: number;

  constructor(toolName: string, timeoutMs: number) {
    super("timeout", `${toolName} did not answer within ${timeoutMs} ms; it may still have run`);
    this.toolName = toolName;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * Something other than a toolcat error was thrown by a tool handler, a custom fetch or a hook. Only
 * redacted text is kept: the original value (its cause chain, AggregateError.errors, extra
 * properties such as an HTTP library's `config.headers`) is dropped, since any of it may hold a secret.
 */
export class UnexpectedError extends ToolcatError {
  readonly toolName: string;
  /** The thrown value's error name (`TypeError`) or kind (`string`, `object`), redacted. */
  readonly originalName: string;

  constructor(toolName: string, originalName: string, message: string) {
    super("unexpected", `${toolName} failed: ${originalName}: ${message}`);
    this.toolName = toolName;
    this.originalName = originalName;
  }
}
