// `toolcat diff`: classify every change between two versions of one server spec. Always exits 0
// when both sides load, breaking or not; the bump is in the output for scripts to act on.
import { parseCommandArgs, UsageError, type OptionSpec, type ParsedArgs } from "../core/args.ts";
import { SpecError } from "../loader/diagnostics.ts";
import { compareServers } from "./compare-servers.ts";
import { formatText, toJson } from "./report.ts";
import { catalogModes, describeInput, loadInput, parseSpecInput, type SpecInput } from "./spec-input.ts";

export const diffUsage = `usage: toolcat diff <old> <new> [--json]
       toolcat diff --base <rev> <spec> [--json]

Classifies the changes between two versions of a server spec as breaking (major), feature (minor)
or docs (patch), one plain-word line per change, then the bump the package needs.

  <old>, <new>   a spec file (specs/cloud-sheets.yaml, /tmp/old.yaml) or a git revision of one:
                 <rev>:<path>, path from the workspace root (HEAD~3:specs/cloud-sheets.yaml,
                 @toolcat/cloud-sheets@0.2.0:specs/cloud-sheets.yaml)
  --base <rev>   compare <rev>:<spec> with <spec> in the working tree
  --json         print {old, new, server, packageName, bump, changes[]} instead of lines
  -h, --help     show this help
`;

interface DiffArgs {
  readonly old: SpecInput;
  readonly new: SpecInput;
  readonly json: boolean;
}

export const diffOptions = { json: { type: "boolean" }, base: { type: "string" } } as const satisfies OptionSpec;

function parseDiffArgs(parsed: ParsedArgs, cwd: string, root: string): DiffArgs | string {
  const json = parsed.values["json"] === true;
  const base = parsed.values["base"];
  const positional = parsed.positionals;
  if (typeof base === "string") {
    const [spec] = positional;
    if (positional.length !== 1 || spec === undefined) return "--base takes exactly one spec file";
    const current = parseSpecInput(spec, cwd);
    if (current.kind !== "file") return `${spec} is not a file in the working tree`;
    // The same file at the base revision, addressed from the workspace root as git paths are.
    return { old: { kind: "git", rev: base, path: describeInput(current, root) }, new: current, json };
  }
  const [old, next] = positional;
  if (positional.length !== 2 || old === undefined || next === undefined) return "expected two specs: <old> <new>";
  return { old: parseSpecInput(old, cwd), new: parseSpecInput(next, cwd), json };
}

/** `cwd` resolves file arguments; git paths are always from the workspace root. */
export function diffCommand(root: string, args: readonly string[], cwd: string = process.cwd()): number {
  let parsed: DiffArgs | string;
  try {
    const options = parseCommandArgs(args, diffOptions, true);
    if (options.values["help"] === true) {
      process.stdout.write(diffUsage);
      return 0;
    }
    parsed = parseDiffArgs(options, cwd, root);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    parsed = error.message;
  }
  if (typeof parsed === "string") {
    process.stderr.write(`toolcat diff: ${parsed}\n${diffUsage}`);
    return 2;
  }
  const [oldLabel, newLabel] = [describeInput(parsed.old, root), describeInput(parsed.new, root)];
  try {
    const diff = compareServers(loadInput(root, parsed.old), loadInput(root, parsed.new), catalogModes(root));
    process.stdout.write(
      parsed.json
        ? `${JSON.stringify(toJson(diff, oldLabel, newLabel), null, 2)}\n`
        : formatText(diff, oldLabel, newLabel),
    );
    return 0;
  } catch (error) {
    // Spec errors propagate to the CLI, which prints every diagnostic; the rest are git and file problems.
    if (error instanceof SpecError || !(error instanceof Error)) throw error;
    process.stderr.write(`toolcat diff: ${error.message}\n`);
    return 1;
  }
}
