// Strict argument parsing for every command (Node's util.parseArgs): an unknown flag, a value where
// none belongs or a missing one is a usage error, never silently ignored.
import { parseArgs, type ParseArgsConfig } from "node:util";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

/** A command line that cannot be run as written; the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export const helpOption = { help: { type: "boolean", short: "h" } } as const satisfies OptionSpec;

export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
  readonly positionals: readonly string[];
}

export function parseCommandArgs(args: readonly string[], options: OptionSpec, allowPositionals: boolean): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { ...helpOption, ...options },
      strict: true,
      allowPositionals,
    });
    return { values, positionals };
  } catch (error) {
    // Node's messages name the flag and say what is wrong; keep the first sentence, drop its advice
    // about `--` (positionals are never flags here).
    const message = error instanceof Error ? (error.message.split(/\.\s/, 1)[0] ?? error.message) : String(error);
    throw new UsageError(message.replace(/\.$/, ""));
  }
}

/** The values of a `multiple: true` string option. */
export function strings(value: ParsedArgs["values"][string]): string[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === "string",
  );
}
