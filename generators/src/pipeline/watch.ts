// `toolcat generate --watch`: one process keeps the pipeline loaded and warm (modules, the compiled
// spec schema, JIT) and, on each save under specs/, re-lints and regenerates only the package of
// the edited spec or capture (specs/request-bodies/<slug>/<Tool>.json), written atomically like
// `generate`. A catalog.yaml edit or a deleted spec regenerates everything selected (a deleted
// spec's package is removed whole). Each cycle prints the files it wrote or the diagnostics; an
// error never ends the watch, Ctrl-C does.
import { existsSync, watch } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { failureText, printDiagnostics, type Env, type Out } from "../core/report.ts";
import { GenerateLockedError } from "../write/lock.ts";
import { SpecError } from "../loader/diagnostics.ts";
import { catalogFileName } from "../loader/load.ts";
import { requestBodiesDir } from "../loader/request-bodies.ts";
import { plan } from "../write/output.ts";
import { runPipeline } from "./run.ts";
import { applyPlan } from "../write/write.ts";

export interface WatchOptions {
  readonly root: string;
  /** Slugs selected with --server; every spec when empty. */
  readonly servers: readonly string[];
  readonly env: Env;
  readonly out: Out;
  /** Ends the watch; the returned promise then resolves with exit code 0. */
  readonly signal: AbortSignal;
}

/**
 * Editors save in bursts (truncate and write, or write a temporary and rename), and fs.watch reports
 * each step: events for one file within this window make one cycle.
 */
const settleMs = 10;

export async function watchGenerate(options: WatchOptions): Promise<number> {
  const { root, out, signal } = options;
  regenerate(options, options.servers, "initial run");
  if (signal.aborted) return 0;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    const files = [...pending].sort();
    pending.clear();
    // The catalog feeds every package, and only a full run removes the package of a deleted spec.
    const everything = files.some((file) => file === `specs/${catalogFileName}` || !existsSync(join(root, specOf(file))));
    const servers = everything ? options.servers : [...new Set(files.map(slugOf))];
    regenerate(options, servers, files.join(", "));
  };
  // Recursive: captures live two directories down.
  const watcher = watch(join(root, "specs"), { recursive: true }, (_event, name) => {
    const file = name === null ? undefined : watched(`specs/${name.split("\\").join("/")}`);
    if (file === undefined) return;
    if (file !== `specs/${catalogFileName}` && options.servers.length > 0 && !options.servers.includes(slugOf(file))) return;
    // A capture of a server without a spec feeds no package.
    if (file.startsWith(`${requestBodiesDir}/`) && !existsSync(join(root, specOf(file)))) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(flush, settleMs);
  });
  out.stdout(`watching specs/ for changes (Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
  clearTimeout(timer);
  watcher.close();
  return 0;
}

function regenerate(options: WatchOptions, servers: readonly string[], trigger: string): void {
  const { root, out, env } = options;
  const start = performance.now();
  try {
    const result = runPipeline({ root, locked: true, ...(servers.length > 0 && { servers }) });
    const changes = applyPlan(root, () => plan(root, result.slugs, result.files, servers.length === 0));
    const paths = [...changes.write.map((f) => f.path), ...changes.remove.map((path) => `${path} (deleted)`)];
    const ms = (performance.now() - start).toFixed(0);
    out.stdout(`${trigger}: ${result.runs.length} package(s) checked, ${paths.length} file(s) written in ${ms} ms\n`);
    for (const path of paths) out.stdout(`  ${path}\n`);
  } catch (error) {
    if (error instanceof SpecError) printDiagnostics(out, env, error.diagnostics, "; nothing was written");
    else if (error instanceof GenerateLockedError) out.stderr(`${trigger}: ${error.message}\n`);
    else out.stderr(`${trigger}: ${failureText(error, env)}\n`);
  }
}

/** The spec or capture a changed path under specs/ is, or undefined for anything else. */
function watched(path: string): string | undefined {
  if (/^specs\/[^/]+\.yaml$/.test(path)) return path;
  return new RegExp(`^${requestBodiesDir}/[^/]+/[^/]+\\.json$`).test(path) ? path : undefined;
}

/** The server slug of a spec or capture path. */
function slugOf(file: string): string {
  return file.startsWith(`${requestBodiesDir}/`) ? (file.split("/")[2] ?? "") : file.slice("specs/".length, -".yaml".length);
}

function specOf(file: string): string {
  return `specs/${slugOf(file)}.yaml`;
}

/** Aborted by the first Ctrl-C or SIGTERM, so the watch ends with its files closed and exit code 0. */
export function interruption(): AbortSignal {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return controller.signal;
}
