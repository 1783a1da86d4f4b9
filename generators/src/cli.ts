// The toolcat command line: lint specs, generate packages, check drift, diff specs.
import { SpecError, formatDiagnostic } from "./loader/diagnostics.ts";
import { loadCatalog } from "./loader/load.ts";
import { checkDrift, formatDrift } from "./drift.ts";
import { plan, stalePackages } from "./output.ts";
import { runPipeline } from "./pipeline.ts";
import { diffCommand } from "./release/diff-command.ts";
import { applyPlan } from "./write.ts";
import { findRoot } from "./workspace.ts";

const usage = `usage: toolcat <command> [options]

commands:
  lint [specs/<file>.yaml ...]     check specs (all of specs/ when none are named)
  generate [--server <slug> ...]   regenerate packages from the specs  [--quiet]
  check-drift                      fail when committed packages differ from what the specs produce
  diff <old> <new>                 classify the changes between two versions of a server spec
`;

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  const root = findRoot(process.cwd());
  try {
    switch (command) {
      case "lint":
        return lint(root, rest);
      case "generate":
        return generate(root, rest);
      case "check-drift":
        return driftCommand(root);
      case "diff":
        return diffCommand(root, rest);
      case undefined:
      case "help":
      case "--help":
        process.stdout.write(usage);
        return command === undefined ? 2 : 0;
      default:
        process.stderr.write(`toolcat: unknown command "${command}"\n${usage}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof SpecError) {
      process.stderr.write(`${error.diagnostics.map((d) => formatDiagnostic(d, true)).join("\n")}\n${error.diagnostics.length} error(s); nothing was written.\n`);
      // The drift check reserves 1 for drift: a spec that does not load is a different failure.
      return command === "check-drift" ? 2 : 1;
    }
    throw error;
  }
}

function lint(root: string, files: readonly string[]): number {
  const catalog = loadCatalog({ root, ...(files.length > 0 && { only: files }) });
  const tools = catalog.servers.reduce((n, s) => n + s.tools.length, 0);
  process.stdout.write(`${catalog.servers.length} spec(s), ${tools} tools: no errors\n`);
  return 0;
}

function generate(root: string, args: readonly string[]): number {
  const quiet = args.includes("--quiet");
  const servers = args.flatMap((arg, i) => (args[i - 1] === "--server" ? [arg] : []));
  const start = performance.now();
  const result = runPipeline({ root, ...(servers.length > 0 && { servers }) });
  // A full run also owns packages whose spec was deleted: their whole directory is stale.
  const stale = servers.length > 0 ? [] : stalePackages(root, result.slugs);
  const changes = plan(root, [...result.slugs, ...stale], result.files);
  applyPlan(root, changes);
  if (!quiet) {
    const written = new Set(changes.write.map((f) => f.path));
    for (const run of result.runs) {
      const changed = run.files.filter((f) => written.has(f.path)).length;
      process.stdout.write(`${run.server.padEnd(14)} ${String(run.tools).padStart(4)} tools  packages/${run.slug}  ${changed}/${run.files.length} files changed  ${run.milliseconds.toFixed(0)} ms\n`);
    }
    for (const slug of stale) process.stdout.write(`removed packages/${slug} (its spec is gone)\n`);
    if (changes.remove.length > 0) process.stdout.write(`deleted ${changes.remove.length} stale file(s)\n`);
    process.stdout.write(`generated ${result.runs.length} package(s) in ${(performance.now() - start).toFixed(0)} ms\n`);
  }
  return 0;
}

function driftCommand(root: string): number {
  const start = performance.now();
  const report = checkDrift(root);
  if (report.drift.length > 0) {
    process.stderr.write(formatDrift(report));
    return 1;
  }
  process.stdout.write(`toolcat check-drift: ${report.packages} packages, ${report.files} files in sync (${(performance.now() - start).toFixed(0)} ms)\n`);
  return 0;
}
