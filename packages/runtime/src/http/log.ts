// The HTTP transport's debug hook. Lines carry only method, redacted URL, status, request ID,
// timings and retry decisions: never headers, bodies or inputs, so they cannot print a secret.

export interface Logger {
  debug(message: string): void;
}

/** Debug lines to stderr when TOOLCAT_LOG=debug is set, else none. */
export function loggerFromEnvironment(
  env: Readonly<Record<string, string | undefined>> = globalThis.process?.env ?? {},
): Logger | undefined {
  return env.TOOLCAT_LOG === "debug" ? { debug: (message) => console.error(`[toolcat] ${message}`) } : undefined;
}
