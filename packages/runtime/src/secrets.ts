// Where tool secrets come from, and the redaction that keeps their values out of errors, logs and
// results. A value is matched in every encoding it may travel in (see redaction.ts).
import { secretMatcher } from "./redaction.js";

/** Text that stands in for a secret value. */
export const REDACTED = "[REDACTED]";

export type SecretMap = Readonly<Record<string, string | undefined>>;

export interface SecretSources {
  /** Secrets by name; these win over the environment. */
  readonly secrets?: SecretMap;
  /** Where to look up secret names as environment variables; process.env by default, false to never read it. */
  readonly env?: SecretMap | false;
  /** Values that are never shown but are not looked up by name, such as a transport's API key. */
  readonly credentials?: readonly string[];
}

export interface ResolvedSecrets {
  /** The configured secrets among those asked for. */
  readonly values: Readonly<Record<string, string>>;
  /** Names asked for that have no non-empty value. */
  readonly missing: readonly string[];
}

export interface SecretStore {
  resolve(names: readonly string[]): ResolvedSecrets;
  /** The text with every secret value this store has seen, in any encoding, replaced by [REDACTED]. */
  redact(text: string): string;
}

export interface Redactor {
  /** Adds a value to redact; its patterns are built here, once. */
  add(value: string): void;
  redact(text: string): string;
}

export function createSecretStore(sources: SecretSources = {}): SecretStore {
  const explicit = sources.secrets ?? {};
  const env = sources.env === false ? {} : (sources.env ?? globalThis.process?.env ?? {});
  // Values read from the environment join the redaction set only once used: redacting every
  // environment variable would mangle ordinary words in messages.
  const known = createRedactor([...Object.values(explicit).filter(isConfigured), ...(sources.credentials ?? [])]);

  return {
    resolve(names) {
      const values: Record<string, string> = {};
      const missing: string[] = [];
      for (const name of names) {
        const value = [explicit[name], env[name]].find(isConfigured);
        if (value === undefined) {
          missing.push(name);
        } else {
          values[name] = value;
          known.add(value);
        }
      }
      return { values, missing };
    },
    redact: known.redact,
  };
}

export function createRedactor(values: Iterable<string> = []): Redactor {
  const matchers = new Map<string, (text: string) => string>();
  // Longest first, so a secret that contains another is replaced whole.
  let ordered: ((text: string) => string)[] = [];
  const add = (value: string): void => {
    if (value === "" || matchers.has(value)) return;
    matchers.set(value, secretMatcher(value, REDACTED));
    ordered = [...matchers].sort(([a], [b]) => b.length - a.length).map(([, replace]) => replace);
  };
  for (const value of values) add(value);
  return {
    add,
    redact: (text) => ordered.reduce((result, replace) => replace(result), text),
  };
}

/** The text with each of the values, in any encoding, replaced by [REDACTED]. */
export function redact(text: string, values: Iterable<string>): string {
  return createRedactor(values).redact(text);
}

function isConfigured(value: string | undefined): value is string {
  return value !== undefined && value !== "";
}
