// Runs tools on a remote toolcat-compatible service over HTTP. The wire protocol (path, method,
// body and response shape, published in wire-protocol.schema.json) is toolcat's own assumption:
// the catalog does not document one.
import { TimeoutError, TransportError, type ResponseInfo } from "../errors.js";
import { deadline, type Deadline } from "../internal/deadline.js";
import { describeThrown } from "../internal/issues.js";
import { loggerFromEnvironment, type Logger } from "./log.js";
import { fetchFollowingSameOrigin } from "./redirect.js";
import { readBody, readOutput, responseInfo, snippet } from "./response.js";
import { failedBeforeSending, parseRetryAfter, retryableStatus, retryDelay, sleep } from "./retry.js";
import { scrubError, type Clean } from "../internal/scrub.js";
import { urlCredentials } from "../redaction.js";
import { createRedactor } from "../secrets.js";
import type { Transport, TransportRequest } from "../transport.js";
import { RUNTIME_VERSION } from "../version.js";

export { parseRetryAfter } from "./retry.js";
export type { Logger } from "./log.js";

/** What the before-request hook sees and may change (headers included) before each attempt. */
export interface OutgoingRequest {
  readonly url: string;
  readonly init: RequestInit & { headers: Record<string, string> };
  /** 0 for the first attempt. */
  readonly attempt: number;
}

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
  /** Extra attempts when the service surely did not run the tool (see retry.ts); 2 by default. */
  readonly retries?: number;
  /** First retry delay, doubled on each further retry, with jitter; 250 by default. */
  readonly retryBackoffMs?: number;
  /** Longest wait before a retry, Retry-After included; 5 000 by default. */
  readonly maxRetryDelayMs?: number;
  /** Largest response body read; a larger one fails the call. 10 MiB by default. */
  readonly maxResponseBytes?: number;
  /** Debug lines without secrets; by default printed to stderr when TOOLCAT_LOG=debug. */
  readonly logger?: Logger;
  /** Runs before each attempt; may change `init.headers`. */
  readonly onRequest?: (request: OutgoingRequest) => void | Promise<void>;
  /** Runs after each attempt's response arrives, before its body is read. */
  readonly onResponse?: (response: Response, request: OutgoingRequest) => void | Promise<void>;
}

type Attempt =
  { readonly value: unknown } | { readonly retry: TransportError; readonly retryAfterMs: number | undefined };

export function createHttpTransport(options: HttpTransportOptions): Transport {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/v1/tools/execute`;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const maxResponseBytes = options.maxResponseBytes ?? 10 * 1024 * 1024;
  const delays = { retryBackoffMs: options.retryBackoffMs ?? 250, maxRetryDelayMs: options.maxRetryDelayMs ?? 5_000 };
  const logger = options.logger ?? loggerFromEnvironment();
  // Servers sometimes echo request headers in error text, and a URL may carry the key as a query
  // parameter or a password: neither may reach a message, header copy or log line.
  const clean = createRedactor([options.apiKey, ...urlCredentials(options.baseUrl)]).redact;
  const where = clean(endpoint);
  const userAgent = `toolcat-runtime/${RUNTIME_VERSION} node/${globalThis.process?.versions?.node ?? "unknown"}`;

  /** One POST: resolves to the output value or a retryable failure; throws anything final. */
  async function attempt(request: TransportRequest, body: string, number: number, timeoutMs: number): Promise<Attempt> {
    const limit = deadline(request.signal, timeoutMs);
    try {
      return await send(request, body, number, limit);
    } catch (error) {
      // The caller's abort wins: it explains why the call stopped.
      if (request.signal.aborted) throw request.signal.reason;
      if (limit.timedOut) throw new TimeoutError(request.toolName, timeoutMs);
      throw error;
    } finally {
      limit.release();
    }
  }

  /** The attempt itself, under `limit`'s signal; a failure to reach the service is returned as retryable when it is. */
  async function send(request: TransportRequest, body: string, number: number, limit: Deadline): Promise<Attempt> {
    const headers = {
      "content-type": "application/json",
      accept: "application/json",
      "user-agent": userAgent,
      authorization: `Bearer ${options.apiKey}`,
    };
    const outgoing: OutgoingRequest = {
      url: endpoint,
      init: { method: "POST", headers, body, signal: limit.signal },
      attempt: number,
    };
    const started = Date.now();
    // A hook's own error is not a network failure: it propagates, scrubbed by execute().
    await options.onRequest?.(outgoing);
    let response: Response;
    try {
      logger?.debug(`POST ${where} ${request.toolName} attempt ${number + 1}`);
      response = await fetchFollowingSameOrigin(fetchImpl, outgoing.url, outgoing.init, clean);
    } catch (error) {
      if (limit.signal.aborted) throw error;
      const failure = networkFailure(error, `could not reach ${where}`, clean);
      if (!failure.retryable) throw failure;
      return { retry: failure, retryAfterMs: undefined };
    }

    const info = responseInfo(response, clean);
    const requestId = info.requestId === undefined ? "" : ` (request ${info.requestId})`;
    logger?.debug(`${where} answered ${response.status} in ${Date.now() - started} ms${requestId}`);
    await options.onResponse?.(response, outgoing);
    // A reset, a truncated or malformed body, or a close before Content-Length is a network
    // failure too; an abort or timeout during the read is told apart by attempt().
    const text = await readBody(response, maxResponseBytes, where, info).catch((error: unknown) => {
      throw networkFailure(error, `the connection to ${where} failed while reading its answer`, clean, info);
    });
    if (response.ok) return { value: readOutput(request.toolName, where, text, info, clean) };
    const retryAfter = response.headers.get("retry-after");
    const retryable = retryableStatus(response.status, retryAfter);
    const error = new TransportError(`${where} answered ${response.status}${snippet(text, clean)}`, {
      retryable,
      response: info,
    });
    if (!retryable) throw error;
    return { retry: error, retryAfterMs: parseRetryAfter(retryAfter) };
  }

  return {
    executesRemotely: true,
    // The key lives only in this closure: the transport shows nothing of it, however inspected.
    redact: clean,
    async execute(request) {
      // Secrets stay on the service: request.secrets is deliberately not sent.
      const body = JSON.stringify({
        tool_name: request.toolName,
        input: request.input,
        user_id: request.userId ?? options.userId,
      });
      const retries = request.retries ?? options.retries ?? 2;
      const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? 30_000;
      try {
        for (let retry = 0; ; retry++) {
          const result = await attempt(request, body, retry, timeoutMs);
          if ("value" in result) return result.value;
          if (retry >= retries) throw result.retry;
          const wait = retryDelay(retry, result.retryAfterMs, delays);
          logger?.debug(`retrying ${request.toolName} in ${wait} ms: ${result.retry.message}`);
          await sleep(wait, request.signal);
        }
      } catch (error) {
        if (request.signal.aborted && error === request.signal.reason) throw error;
        // Hooks and a custom fetch may throw anything; only the client knows the secrets, only
        // this transport knows the key, so each redacts what it knows.
        throw scrubError(error, request.toolName, clean);
      }
    },
  };
}

/**
 * A failed fetch or body read as a TransportError keeping the platform's error as its cause, which
 * execute() scrubs. Only a failure before anything was sent is retryable: after that the tool may have run.
 */
function networkFailure(error: unknown, what: string, clean: Clean, response?: ResponseInfo): TransportError {
  if (error instanceof TransportError) return error;
  const retryable = response === undefined && failedBeforeSending(error);
  return new TransportError(clean(`${what}: ${describeNetworkError(error)}`), { retryable, cause: error, response });
}

/**
 * The error's message with its innermost cause's, such as `terminated (read ECONNRESET)`: fetch's
 * own text names no reason. Never throws, since a custom fetch may reject with anything.
 */
function describeNetworkError(error: unknown): string {
  let inner = error;
  try {
    for (let depth = 0; depth < 4 && inner instanceof Error && inner.cause !== undefined; depth++) inner = inner.cause;
  } catch {
    // A throwing cause getter or a revoked proxy: describe what was reached.
  }
  return inner === error ? describeThrown(error) : `${describeThrown(error)} (${describeThrown(inner)})`;
}
