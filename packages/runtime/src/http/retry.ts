// When the HTTP transport sends a call again, and how long it waits. A call is retried only when
// the service surely did not run the tool: the connection was refused, the host name did not
// resolve, the service answered 429, or it answered 503 with Retry-After. A reset or timeout after
// the request was sent is never retried, since the tool may have run.

/** Node's codes for a request that never left this machine. */
const UNSENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EAI_NONAME"]);

/** Whether a fetch failure surely happened before the request reached the service. */
export function failedBeforeSending(error: unknown): boolean {
  for (let current = error, depth = 0; current !== null && typeof current === "object" && depth < 4; depth++) {
    const { code, errors } = current as { code?: unknown; errors?: unknown };
    if (typeof code === "string" && UNSENT_CODES.has(code)) return true;
    // Happy-eyeballs connects report one error per address.
    if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => failedBeforeSending(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether a status says the service did not run the tool and asks to try again. */
export function retryableStatus(status: number, retryAfter: string | null): boolean {
  return status === 429 || (status === 503 && retryAfter !== null);
}

/** setTimeout fires at once (with a warning) for delays above this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RetryDelayOptions {
  readonly retryBackoffMs: number;
  readonly maxRetryDelayMs: number;
}

/**
 * The wait before retry number `retry` (0-based): the server's Retry-After when it gave one, else
 * exponential backoff with jitter (a random point in its upper half); always capped at maxRetryDelayMs.
 */
export function retryDelay(
  retry: number,
  retryAfterMs: number | undefined,
  options: RetryDelayOptions,
  random: () => number = Math.random,
): number {
  const cap = Math.min(Math.max(0, options.maxRetryDelayMs), MAX_TIMER_MS);
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, cap);
  const backoff = Math.min(options.retryBackoffMs * 2 ** retry, cap);
  return Math.round(backoff / 2 + (backoff / 2) * random());
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms; undefined when unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, Number.MAX_SAFE_INTEGER);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits, unless the signal aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
