// The toolcat command line: `toolcat <command> [options]`. Arguments are parsed strictly per
// command; `--help` on any command prints its help and does nothing else. Exit codes: 0 success,
// 1 the check failed (spec errors, drift), 2 the command line is wrong (check-drift: also specs
// that do not load, since 1 means drift there).
import { readFileSync } from "node:fs";
import { parseCommandArgs, UsageError, type ParsedArgs } from "./core/args.ts";
import { commands } from "./cli/commands.ts";
import { diagnosticJson, failureText, printDiagnostics, printJson, type Env, type Out } from "./core/report.ts";
import { GenerateLockedError } from "./write/lock.ts";
import { SpecError } from "./loader/diagnostics.ts";
import { findRoot } from "./pipeline/workspace.ts";
import type { SpecWorker } from "./pipeline/spec-worker.ts";

// What a worker thread running the bundle calls (pipeline/spec-worker.ts).
export { serveSpecs } from "./pipeline/spec-worker.ts";

const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
  .version;

const usage = `usage: toolcat <command> [options]

commands:
${commands.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`).join("\n")}

options:
  -h, --help   show this help (toolcat <command> --help for a command's)
  --version    print the version

Set GITHUB_ACTIONS=true (as GitHub Actions does) to also print errors as workflow annotations.
`;

export interface MainContext {
  readonly cwd?: string;
  readonly env?: Env;
  readonly out?: Out;
  /**
   * Starts a worker thread on which generate and check-drift read the specs (the bin gives one);
   * the command calls it once its arguments are parsed, when it reads every spec.
   */
  readonly startSpecWorker?: () => SpecWorker;
}

const processOut: Out = { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) };

export async function main(argv: readonly string[], context: MainContext = {}): Promise<number> {
  const out = context.out ?? processOut;
  const [first, ...rest] = argv;
  if (first === "help") return help(out, rest[0]);
  const command = commands.find((c) => c.name === first);
  if (command === undefined) return topLevel(out, argv);
  const env = context.env ?? process.env;
  let parsed: ParsedArgs | undefined;
  try {
    parsed = parseCommandArgs(rest, command.options, command.positionals);
    if (parsed.values["help"] === true) {
      out.stdout(command.usage);
      return 0;
    }
    const cwd = context.cwd ?? process.cwd();
    return await command.run({
      root: findRoot(cwd),
      cwd,
      env,
      out,
      args: rest,
      parsed,
      startSpecWorker: context.startSpecWorker,
    });
  } catch (error) {
    if (error instanceof UsageError) {
      out.stderr(`toolcat ${command.name}: ${error.message}\nRun \`toolcat ${command.name} --help\` for usage.\n`);
      return 2;
    }
    if (error instanceof GenerateLockedError) {
      // Another run is writing: a message and exit 1, never a stack trace.
      out.stderr(`toolcat ${command.name}: ${error.message}\n`);
      return 1;
    }
    if (!(error instanceof SpecError)) {
      // Anything else (a file system error, a bug) is one line too, with the spec-error exit code.
      out.stderr(`toolcat ${command.name}: ${failureText(error, env)}\n`);
      return command.onSpecError.exit;
    }
    if (parsed?.values["json"] === true)
      printJson(out, { ok: false, diagnostics: error.diagnostics.map(diagnosticJson) });
    else printDiagnostics(out, env, error.diagnostics, command.onSpecError.outcome);
    return command.onSpecError.exit;
  }
}

function topLevel(out: Out, argv: readonly string[]): number {
  try {
    const { values, positionals } = parseCommandArgs(argv, { version: { type: "boolean" } }, true);
    if (values["version"] === true) {
      out.stdout(`toolcat ${version}\n`);
      return 0;
    }
    if (values["help"] === true) {
      out.stdout(usage);
      return 0;
    }
    out.stderr(positionals[0] === undefined ? usage : `toolcat: unknown command "${positionals[0]}"\n\n${usage}`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.stderr(`toolcat: ${error.message}\n\n${usage}`);
  }
  return 2;
}

function help(out: Out, name: string | undefined): number {
  const command = commands.find((c) => c.name === name);
  if (name !== undefined && command === undefined) {
    out.stderr(`toolcat: unknown command "${name}"\n\n${usage}`);
    return 2;
  }
  out.stdout(command?.usage ?? usage);
  return 0;
}
