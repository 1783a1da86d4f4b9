// The toolcat commands: their help, their options (parsed strictly by core/args.ts) and what they run.
import { relative, resolve } from "node:path";
import { checkDrift, fixCommand, formatDrift } from "../pipeline/drift.ts";
import { loadCatalog } from "../loader/load.ts";
import { specSchemaModulePath } from "../loader/spec-schema.ts";
import { refreshSpecSchemaModule } from "../write/spec-schema-module.ts";
import { generateAndWrite } from "../pipeline/write-run.ts";
import { loadSpecs, specWorkerPays } from "../pipeline/spec-worker.ts";
import { diffCommand, diffOptions, diffUsage } from "../release/diff-command.ts";
import { interruption, watchGenerate } from "../pipeline/watch.ts";
import { strings } from "../core/args.ts";
import { annotation, inGitHubActions, printJson } from "../core/report.ts";
import { schemasPull, schemasPullOptions, schemasPullUsage } from "./schemas-pull.ts";
import { resolveServers } from "./servers.ts";
import type { Command } from "./command.ts";

const lint: Command = {
  name: "lint",
  summary: "check specs and report every problem at once",
  usage: `usage: toolcat lint [<spec.yaml> | <server> ...] [--json]

Checks the named server specs (a path, a slug such as cloud-sheets or a name such as CloudSheets;
every spec in specs/ when none are named) and the catalog, and
reports every problem with file:line:col, a code frame and a hint. Exits 0 when clean, 1 on errors.

  --json      print {ok, servers, tools, diagnostics[]} on stdout instead
  -h, --help  show this help
`,
  options: { json: { type: "boolean" } },
  positionals: true,
  onSpecError: { outcome: "", exit: 1 },
  run({ root, cwd, out, parsed }) {
    // Spec paths are relative to where the command runs; anything else names a server (slug or name).
    const files = parsed.positionals.map((arg) =>
      arg.endsWith(".yaml") ? relative(root, resolve(cwd, arg)) : `specs/${resolveServers(root, [arg]).join("")}.yaml`,
    );
    const catalog = loadCatalog({ root, ...(files.length > 0 && { only: files }) });
    const tools = catalog.servers.reduce((n, s) => n + s.tools.length, 0);
    if (parsed.values["json"] === true)
      printJson(out, { ok: true, servers: catalog.servers.length, tools, diagnostics: [] });
    else out.stdout(`${catalog.servers.length} spec(s), ${tools} tools: no errors\n`);
    return 0;
  },
};

const generate: Command = {
  name: "generate",
  summary: "regenerate packages from the specs",
  usage: `usage: toolcat generate [--server <server> ...] [--quiet] [--watch]

Regenerates packages/<slug>/ from specs/ and writes only files whose content changed. Exits 1 on
spec errors (nothing is written then).

  --server <server>  only this server: its slug (cloud-sheets), name (CloudSheets) or spec path;
                     repeat for several. Without it every package is generated and packages whose
                     spec is gone are removed.
  --quiet            print nothing on success
  --watch            keep running: on each save under specs/, re-lint and regenerate only the edited
                     spec's package and print the files written or the errors (Ctrl-C to stop)
  -h, --help         show this help
`,
  options: { server: { type: "string", multiple: true }, quiet: { type: "boolean" }, watch: { type: "boolean" } },
  positionals: false,
  onSpecError: { outcome: "; nothing was written", exit: 1 },
  async run({ root, env, out, parsed, startSpecWorker }) {
    const servers = resolveServers(root, strings(parsed.values["server"]));
    if (parsed.values["watch"] === true) return watchGenerate({ root, servers, env, out, signal: interruption() });
    const start = performance.now();
    const selected = { root, ...(servers.length > 0 && { servers }) };
    // `--server` runs read a spec or two, too little for a second thread to pay off, and Nx runs them
    // two at a time on all cores: seven such runs took about 30% longer with a worker each.
    const worker = servers.length === 0 && specWorkerPays(root) ? startSpecWorker?.() : undefined;
    const { runs, changes } = generateAndWrite(
      { ...selected, catalog: await loadSpecs(selected, worker) },
      servers.length === 0,
    );
    const schemaModule = servers.length === 0 && refreshSpecSchemaModule();
    if (parsed.values["quiet"] === true) return 0;
    if (schemaModule) out.stdout(`rewrote ${specSchemaModulePath} (specs/schema changed)\n`);
    const written = new Map(changes.map((c) => [c.slug, c.write.length]));
    for (const run of runs) {
      out.stdout(
        `${run.server.padEnd(14)} ${String(run.tools).padStart(4)} tools  packages/${run.slug} ` +
          ` ${written.get(run.slug) ?? 0}/${run.files} files changed  ${run.milliseconds.toFixed(0)} ms\n`,
      );
    }
    for (const { slug } of changes.filter((c) => c.gone)) out.stdout(`removed packages/${slug} (its spec is gone)\n`);
    const deleted = changes.reduce((n, c) => n + c.remove.length, 0);
    if (deleted > 0) out.stdout(`deleted ${deleted} stale file(s)\n`);
    out.stdout(`generated ${runs.length} package(s) in ${(performance.now() - start).toFixed(0)} ms\n`);
    return 0;
  },
};

const checkDriftCommand: Command = {
  name: "check-drift",
  summary: "fail when committed packages differ from what the specs produce",
  usage: `usage: toolcat check-drift [--json]

Regenerates every package in memory and compares it with the working tree; writes nothing.
Exits 0 when in sync, 1 on drift, 2 when the specs do not load.

  --json      print {ok, packages, files, drift[], diagnostics[]} on stdout instead
  -h, --help  show this help
`,
  options: { json: { type: "boolean" } },
  positionals: false,
  // The drift check reserves 1 for drift: a spec that does not load is a different failure.
  onSpecError: { outcome: "; drift was not checked", exit: 2 },
  async run({ root, env, out, parsed, startSpecWorker }) {
    const start = performance.now();
    const report = checkDrift(root, await loadSpecs({ root }, specWorkerPays(root) ? startSpecWorker?.() : undefined));
    const ok = report.drift.length === 0;
    if (parsed.values["json"] === true) {
      printJson(out, { ok, packages: report.packages, files: report.files, drift: report.drift, diagnostics: [] });
      return ok ? 0 : 1;
    }
    if (ok) {
      out.stdout(
        `toolcat check-drift: ${report.packages} packages, ${report.files} files in sync ` +
          `(${(performance.now() - start).toFixed(0)} ms)\n`,
      );
      return 0;
    }
    out.stderr(formatDrift(report));
    if (inGitHubActions(env)) {
      for (const d of report.drift)
        out.stdout(
          annotation({
            file: d.path,
            code: `drift (${d.kind})`,
            message: `${d.path} differs from what specs/ and generators/ produce`,
            hint: `Run \`${fixCommand}\` and commit the result.`,
          }),
        );
    }
    return 1;
  },
};

const diff: Command = {
  name: "diff",
  summary: "classify the changes between two versions of a server spec",
  usage: diffUsage,
  options: diffOptions,
  positionals: true,
  onSpecError: { outcome: "", exit: 1 },
  run: ({ root, args, cwd }) => diffCommand(root, args, cwd),
};

const schemas: Command = {
  name: "schemas",
  summary: "capture request body schemas from a running engine (schemas pull)",
  usage: schemasPullUsage,
  options: schemasPullOptions,
  positionals: true,
  onSpecError: { outcome: "; nothing was pulled", exit: 1 },
  run: schemasPull,
};

export const commands: readonly Command[] = [lint, generate, checkDriftCommand, diff, schemas];
