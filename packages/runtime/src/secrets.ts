// Where tool secrets come from, and the redaction that keeps their values out of errors and logs.

/** Text that stands in for a secret value. */
export const REDACTED = "[REDACTED]";

export type SecretMap = Readonly<Record<string, string | undefined>>;

export interface SecretSources {
  /** Secrets by name; these win over the environment. */
  readonly secrets?: SecretMap;
  /** Where to look up secret names as environment variables; process.env by default, false to never read it. */
  readonly env?: SecretMap | false;
}

export interface ResolvedSecrets {
  /** The configured secrets among those asked for. */
  readonly values: Readonly<Record<string, string>>;
  /** Names asked for that have no non-empty value. */
  readonly missing: readonly string[];
}

export interface SecretStore {
  resolve(names: readonly string[]): ResolvedSecrets;
  /** The text with every secret value this store has seen replaced by [REDACTED]. */
  redact(text: string): string;
}

export function createSecretStore(sources: SecretSources = {}): SecretStore {
  const explicit = sources.secrets ?? {};
  const env = sources.env === false ? {} : (sources.env ?? globalThis.process?.env ?? {});
  // Values read from the environment join the redaction set only once used: redacting every
  // environment variable would mangle ordinary words in messages.
  const known = new Set(Object.values(explicit).filter(isConfigured));

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
    redact: (text) => redact(text, known),
  };
}

/** The text with each of the values replaced by [REDACTED]. */
export function redact(text: string, values: Iterable<string>): string {
  // Longest first, so a secret that contains another is replaced whole.
  const sorted = [...values].filter((value) => value !== "").sort((a, b) => b.length - a.length);
  return sorted.reduce((result, value) => result.split(value).join(REDACTED), text);
}

function isConfigured(value: string | undefined): value is string {
  return value !== undefined && value !== "";
}
