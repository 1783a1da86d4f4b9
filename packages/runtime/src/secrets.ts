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
  /** Values that are never shown but are not looked up by name. */
  readonly credentials?: readonly string[];
  /** Redactions of values this store is not given, such as a transport's API key (Transport.redact). */
  readonly redactions?: readonly Redact[];
}

/** Text with the values it knows replaced by [REDACTED]. */
export type Redact = (text: string) => string;

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

/**
 * The values behind each redaction this module built, so a store can merge another's values into
 * its own longest-first order without the values ever being readable outside this module.
 */
const valuesBehind = new WeakMap<Redact, () => Iterable<string>>();

export function createSecretStore(sources: SecretSources = {}): SecretStore {
  const explicit = sources.secrets ?? {};
  const env = sources.env === false ? {} : (sources.env ?? globalThis.process?.env ?? {});
  // Values read from the environment join the redaction set only once used: redacting every
  // environment variable would mangle ordinary words in messages.
  const known = createRedactor([...Object.values(explicit).filter(isConfigured), ...(sources.credentials ?? [])]);
  // A redaction built elsewhere (another copy of this module) is applied first, as it is.
  const foreign: Redact[] = [];
  for (const redaction of sources.redactions ?? []) {
    const values = valuesBehind.get(redaction);
    if (values === undefined) foreign.push(redaction);
    else for (const value of values()) known.add(value);
  }
  const redact: Redact =
    foreign.length === 0
      ? known.redact
      : (text) => known.redact(foreign.reduce((result, other) => other(result), text));

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
    redact,
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
  const redact: Redact = (text) => ordered.reduce((result, replace) => replace(result), text);
  valuesBehind.set(redact, () => matchers.keys());
  return { add, redact };
}

/** The text with each of the values, in any encoding, replaced by [REDACTED]. */
export function redact(text: string, values: Iterable<string>): string {
  return createRedactor(values).redact(text);
}

function isConfigured(value: string | undefined): value is string {
  return value !== undefined && value !== "";
}
