// The shape of a toolcat command and what it is run with. Its own module so the command list
// (commands.ts) and the commands kept in files of their own (schemas-pull.ts) both build on it.
import type { OptionSpec, ParsedArgs } from "../core/args.ts";
import type { SpecWorker } from "../pipeline/spec-worker.ts";
import type { Env, Out } from "../core/report.ts";

export interface RunContext {
  readonly root: string;
  readonly cwd: string;
  readonly env: Env;
  readonly out: Out;
  readonly args: readonly string[];
  readonly parsed: ParsedArgs;
  /** See MainContext. */
  readonly startSpecWorker: (() => SpecWorker) | undefined;
}

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  readonly options: OptionSpec;
  readonly positionals: boolean;
  /** What a spec error means for this command: the line after the diagnostics, and the exit code. */
  readonly onSpecError: { readonly outcome: string; readonly exit: number };
  readonly run: (context: RunContext) => number | Promise<number>;
}
