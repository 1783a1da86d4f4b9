// Runs tools on a remote toolcat-compatible service over HTTP. The wire protocol (path, method,
// body and response shape) is toolcat's own assumption: the catalog does not document one.
import { AuthorizationRequiredError, TimeoutError, ToolExecutionError, TransportError } from "./errors.js";
import { isObject } from "./issues.js";
import { redact } from "./secrets.js";
import type { Transport, TransportRequest } from "./transport.js";

export interface HttpTransportOptions {
  /** Service address, such as `https://tools.example.com`; `/v1/tools/execute` is appended. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  readonly apiKey: string;
  /** Default `user_id` when a call gives none. */
  readonly userId?: string;
  /** Replaces the global fetch (proxies, instrumentation). */
  readonly fetch?: typeof globalThis.fetch;
  /** Time limit of each attempt; 30 000 by default. */
  readonly timeoutMs?: number;
  /** Extra attempts after a network error, 429 or 5xx; 2 by default. */
  readonly retries?: number;
  /** First retry delay, doubled on each further retry, unless the server sends Retry-After; 250 by default. */
  readonly retryBackoffMs?: number;
}

/** A failed attempt that may succeed if sent again. */
interface RetryableFailure {
  readonly error: TransportError;
  readonly retryAfterMs: number | undefined;
}

const BODY_SNIPPET_LENGTH = 200;

export function createHttpTransport(options: HttpTransportOptions): Transport {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/v1/tools/execute`;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 2;
  const retryBackoffMs = options.retryBackoffMs ?? 250;
  // Servers sometimes echo request headers in error text; the key must not reach a message.
  const clean = (text: string): string => redact(text, [options.apiKey]);
  // Redacted before cutting, so a cut cannot leave part of the key behind.
  const snippet = (text: string): string => {
    const cleaned = clean(text);
    if (cleaned === "") return "";
    return `: ${cleaned.length > BODY_SNIPPET_LENGTH ? `${cleaned.slice(0, BODY_SNIPPET_LENGTH)}…` : cleaned}`;
  };

  /** One POST: resolves to the output value or a retryable failure, throws anything final. */
  async function attempt(request: TransportRequest, body: string): Promise<{ value: unknown } | RetryableFailure> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${options.apiKey}` },
        body,
        signal: AbortSignal.any([request.signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      // The caller's abort wins: it explains why the call stopped.
      if (request.signal.aborted) throw request.signal.reason;
      if (timeout.aborted) throw new TimeoutError(request.toolName, timeoutMs);
      const reason = error instanceof Error ? error.message : String(error);
      return { error: new TransportError(clean(`could not reach ${endpoint}: ${reason}`), { retryable: true, cause: error }), retryAfterMs: undefined };
    }

    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      const error = new TransportError(`${endpoint} answered ${response.status}${snippet(text)}`, { status: response.status, retryable });
      if (!retryable) throw error;
      return { error, retryAfterMs: parseRetryAfter(response.headers.get("retry-after")) };
    }
    return { value: readOutput(request.toolName, response.status, text) };
  }

  /** Turns a 2xx body into the tool's value, or the error it reports. */
  function readOutput(toolName: string, status: number, text: string): unknown {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (error) {
      throw new TransportError(`${endpoint} answered ${status} with a body that is not JSON${snippet(text)}`, { status, retryable: false, cause: error });
    }
    if (!isObject(payload) || typeof payload.success !== "boolean") {
      throw new TransportError(`${endpoint} answered ${status} without a boolean "success"${snippet(text)}`, { status, retryable: false });
    }
    const output = isObject(payload.output) ? payload.output : {};
    const { authorization, error } = output;
    if (isObject(authorization) && typeof authorization.url === "string" && authorization.status !== "completed") {
      throw new AuthorizationRequiredError(toolName, authorization.url, typeof authorization.status === "string" ? authorization.status : "pending");
    }
    if (!payload.success || isObject(error)) {
      const message = isObject(error) && typeof error.message === "string" ? error.message : "the service gave no error message";
      throw new ToolExecutionError(toolName, clean(message), isObject(error) && error.can_retry === true);
    }
    return output.value;
  }

  return {
    executesRemotely: true,
    async execute(request) {
      // Secrets stay on the service: request.secrets is deliberately not sent.
      const body = JSON.stringify({ tool_name: request.toolName, input: request.input, user_id: request.userId ?? options.userId });
      for (let retry = 0; ; retry++) {
        const result = await attempt(request, body);
        if ("value" in result) return result.value;
        if (retry >= retries) throw result.error;
        await sleep(result.retryAfterMs ?? retryBackoffMs * 2 ** retry, request.signal);
      }
    },
  };
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms; undefined when unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits, unless the signal aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
