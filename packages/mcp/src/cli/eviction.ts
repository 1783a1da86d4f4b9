// Which 2025-era session makes room when the table is full and a new client initializes. Without
// eviction, whoever opens --max-sessions sessions and leaves them idle locks every new client out for
// the whole idle window. The policy: the least recently used session gives way, provided nothing of
// it is in flight and it has been unused for at least EVICTABLE_AFTER_MS; otherwise the initialize is
// refused with 503 and a Retry-After saying when a place can next be freed. So a client in active use
// keeps its session, and a table held by idle sessions never stops a new client for longer than that.
// Clients cannot be told apart on a shared address or token, so a per-client share would not help.

/** A session unused this long may be evicted to make room; one used more recently never is. */
export const EVICTABLE_AFTER_MS = 60_000;

export interface SessionUse {
  /** When a request of the session last started or finished (Date.now()). */
  readonly lastUsed: number;
  /** Requests whose answers are still being sent (the session's own GET stream aside). */
  readonly inFlight: number;
}

export type Room<K> = { readonly evict: K } | { readonly retryAfterSeconds: number };

/** The session to evict, or how long until one may be; `evictableAfterMs` is capped by the caller to the idle limit. */
export function makeRoom<K>(sessions: ReadonlyMap<K, SessionUse>, now: number, evictableAfterMs: number): Room<K> {
  let oldest: { readonly key: K; readonly lastUsed: number } | undefined;
  for (const [key, use] of sessions) {
    if (use.inFlight === 0 && (oldest === undefined || use.lastUsed < oldest.lastUsed))
      oldest = { key, lastUsed: use.lastUsed };
  }
  if (oldest !== undefined && now - oldest.lastUsed >= evictableAfterMs) return { evict: oldest.key };
  // Every session busy: one may finish any moment, but not sooner than it could turn evictable.
  const waitMs = oldest === undefined ? evictableAfterMs : oldest.lastUsed + evictableAfterMs - now;
  return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
