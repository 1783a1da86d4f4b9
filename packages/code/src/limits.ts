// What one program may use. Every limit has a default and each ends the run with a `limit` error
// naming it; none is enforced by trusting the program.

export interface CodeLimits {
  /** Wall time of the whole run, type check and tool calls included (ms). */
  readonly wallMs: number;
  /** Time spent running the program's own code inside the sandbox (ms). */
  readonly cpuMs: number;
  /** Memory the sandbox's JavaScript heap may hold (bytes). */
  readonly memoryBytes: number;
  /** Tool calls the program may start. */
  readonly toolCalls: number;
  /** UTF-8 bytes of the returned value's JSON plus every log line. */
  readonly outputBytes: number;
  /** Lines written through `console`. */
  readonly logLines: number;
  /** UTF-8 bytes of the program's source. */
  readonly sourceBytes: number;
}

export const defaultLimits: CodeLimits = Object.freeze({
  wallMs: 30_000,
  cpuMs: 5_000,
  memoryBytes: 64 * 1024 * 1024,
  toolCalls: 50,
  outputBytes: 1024 * 1024,
  logLines: 1_000,
  sourceBytes: 256 * 1024,
});

export type LimitName = keyof CodeLimits;

/** The limits of one run: the defaults, overridden by each given limit that is a positive number. */
export function resolveLimits(
  given: Partial<CodeLimits> | undefined,
): { ok: true; limits: CodeLimits } | { ok: false; message: string } {
  const limits: Record<string, number> = { ...defaultLimits };
  for (const [name, value] of Object.entries(given ?? {})) {
    if (!(name in defaultLimits))
      return {
        ok: false,
        message: `unknown limit ${JSON.stringify(name)}; limits: ${Object.keys(defaultLimits).join(", ")}`,
      };
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
      return { ok: false, message: `limit ${name} must be a positive number` };
    limits[name] = value;
  }
  return { ok: true, limits: limits as unknown as CodeLimits };
}

/** Plain words for each limit, for the error that reports it. */
export function limitText(name: LimitName, limits: CodeLimits): string {
  const value = limits[name];
  switch (name) {
    case "wallMs":
      return `the run took longer than its wall time limit (${value} ms)`;
    case "cpuMs":
      return `the program ran longer than its CPU time limit (${value} ms)`;
    case "memoryBytes":
      return `the program used more memory than its limit (${value} bytes)`;
    case "toolCalls":
      return `the program started more tool calls than its limit (${value})`;
    case "outputBytes":
      return `the value and logs are larger than the output limit (${value} bytes)`;
    case "logLines":
      return `the program logged more lines than its limit (${value})`;
    case "sourceBytes":
      return `the source is larger than its limit (${value} bytes)`;
  }
}
