// The seam between a typed client and whatever runs the tools.

export interface TransportRequest {
  /** `<Server>.<Tool>`. */
  readonly toolName: string;
  /** Validated input; an object request_body has already been stringified. */
  readonly input: unknown;
  readonly userId?: string;
  /** The tool's declared secrets that are configured locally, by name. */
  readonly secrets: Readonly<Record<string, string>>;
  /** Aborts the call: the caller gave up or its time ran out. */
  readonly signal: AbortSignal;
  /** This call's retry budget, overriding the transport's default. */
  readonly retries?: number;
  /** This call's per-attempt time limit, overriding the transport's default. */
  readonly timeoutMs?: number;
}

export interface Transport {
  /**
   * True when tools run on a remote service that holds their secrets, so the client does not
   * require them locally.
   */
  readonly executesRemotely: boolean;
  /**
   * Replaces the values the transport sends that are never to be shown (an API key, a URL password),
   * in every encoding; clients apply it to everything they pass on. The transport keeps the values
   * themselves out of reach: no property, inspection or serialization of it shows them.
   */
  readonly redact?: (text: string) => string;
  /** Runs the tool and resolves to its output value. */
  execute(request: TransportRequest): Promise<unknown>;
}
