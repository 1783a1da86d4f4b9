// `toolcat generate --watch`: one process keeps the pipeline loaded and warm (modules, the compiled
// spec schema, JIT) and, on each save under specs/, re-lints and regenerates only the edited spec's
// package, written atomically like `generate`. A catalog.yaml edit or a deleted spec regenerates
// everything selected. Each cycle prints the files it wrote or the spec's diagnostics; an error
// never ends the watch, Ctrl-C does.
import { existsSync, watch } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { printDiagnostics, type Env, type Out } from "../cli/report.ts";
import { GenerateLockedError } from "../write/lock.ts";
import { SpecError } from "../loader/diagnostics.ts";
import { catalogFileName } from "../loader/load.ts";
import { plan, stalePackages } from "../write/output.ts";
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
    const everything = files.includes(catalogFileName) || files.some((file) => !existsSync(join(root, "specs", file)));
    const servers = everything ? options.servers : files.map((file) => file.slice(0, -".yaml".length));
    regenerate(options, servers, files.map((file) => `specs/${file}`).join(", "));
  };
  const watcher = watch(join(root, "specs"), (_event, file) => {
    if (file === null || !file.endsWith(".yaml")) return;
    const slug = file.slice(0, -".yaml".length);
    if (file !== catalogFileName && options.servers.length > 0 && !options.servers.includes(slug)) return;
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
    const result = runPipeline({ root, ...(servers.length > 0 && { servers }) });
    const stale = servers.length > 0 ? [] : stalePackages(root, result.slugs);
    const changes = plan(root, [...result.slugs, ...stale], result.files);
    applyPlan(root, changes);
    const paths = [...changes.write.map((f) => f.path), ...changes.remove.map((path) => `${path} (deleted)`)];
    const ms = (performance.now() - start).toFixed(0);
    out.stdout(`${trigger}: ${result.runs.length} package(s) checked, ${paths.length} file(s) written in ${ms} ms\n`);
    for (const path of paths) out.stdout(`  ${path}\n`);
  } catch (error) {
    if (error instanceof SpecError) printDiagnostics(out, env, error.diagnostics, "; nothing was written");
    else if (error instanceof GenerateLockedError) out.stderr(`${trigger}: ${error.message}\n`);
    else out.stderr(`${trigger}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
}

/** Aborted by the first Ctrl-C or SIGTERM, so the watch ends with its files closed and exit code 0. */
export function interruption(): AbortSignal {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return controller.signal;
}
