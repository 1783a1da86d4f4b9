// Every way a caller or a logger can read an error, for the secrets-never-leak tests.
import { inspect } from "node:util";

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 10;) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

/** Each readable surface of an error, by name, as text. */
export function errorSurfaces(error: unknown): Record<string, string> {
  const err = error as Error & { errors?: unknown };
  return {
    message: String(err.message),
    stack: String(err.stack),
    string: String(error),
    inspect: inspect(error, { depth: Infinity, showHidden: true }),
    json: JSON.stringify(error) ?? "",
    causes: causeChain(error)
      .map((cause) => inspect(cause, { depth: Infinity, showHidden: true }))
      .join("\n"),
    errors: inspect(err.errors, { depth: Infinity, showHidden: true }),
    properties: Object.entries(Object.getOwnPropertyDescriptors(error))
      .map(([key, descriptor]) => `${key}=${inspect(descriptor.value, { depth: Infinity, showHidden: true })}`)
      .join("\n"),
  };
}

/** Fails naming the surface that shows any of the secrets. */
export function expectNoSecret(error: unknown, secrets: readonly string[], check: (leaks: string[]) => void): void {
  const leaks = Object.entries(errorSurfaces(error)).flatMap(([surface, text]) =>
    secrets.filter((secret) => text.includes(secret)).map((secret) => `${surface} shows ${secret}`),
  );
  check(leaks);
}
