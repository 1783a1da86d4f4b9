// `toolcat generate --watch`: one process keeps the pipeline loaded and warm (modules, the compiled
// spec schema, JIT) and, on each save under specs/, re-lints and regenerates only the package of
// the edited spec or capture (specs/request-bodies/<slug>/<Tool>.json), written atomically like
// `generate`. A catalog.yaml edit or a deleted spec regenerates everything selected (a deleted
// spec's package is removed whole). Each cycle prints the files it wrote or the diagnostics; an
// error never ends the watch, Ctrl-C does. A cycle runs on the inputs as they are when it starts
// and remembers them; a save during a cycle is found changed against them afterwards and starts
// the next cycle, so the packages always end generated from the last save (watch-files.ts).
import { performance } from "node:perf_hooks";
import { failureText, printDiagnostics, type Env, type Out } from "../core/report.ts";
import { GenerateLockedError } from "../write/lock.ts";
import { SpecError } from "../loader/diagnostics.ts";
import { requestBodiesDir } from "../loader/request-bodies.ts";
import { generateAndWrite } from "./write-run.ts";
import { changedInputs, isCatalog, snapshot, watchInputs, type Snapshot } from "./watch-files.ts";

export interface WatchOptions {
  readonly root: string;
  /** Slugs selected with --server; every spec when empty. */
  readonly servers: readonly string[];
  readonly env: Env;
  readonly out: Out;
  /** Ends the watch; the returned promise then resolves with exit code 0. */
  readonly signal: AbortSignal;
  /**
   * Called each time the watch has caught up with `inputs`: a cycle on them ran to its end (files
   * written, or spec errors reported), or they changed nothing that feeds a package.
   */
  readonly onCaughtUp?: (inputs: Snapshot) => void;
}

/**
 * Editors save in bursts (truncate and write, or write a temporary and rename), and fs.watch reports
 * each step: events within this window make one cycle.
 */
const settleMs = 10;

/** How soon a cycle that found another generate run holding the lock tries again. */
const lockedRetryMs = 250;

export async function watchGenerate(options: WatchOptions): Promise<number> {
  const { root, out, signal } = options;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number): void => {
    clearTimeout(timer);
    timer = setTimeout(flush, ms);
  };
  // Watching starts before the first snapshot, so a save made while the initial run reads the specs is seen.
  const close = watchInputs(root, () => schedule(settleMs));
  // The inputs the last finished cycle read; none before the first, so then every input counts as changed.
  let generated: Snapshot = new Map();
  const initial = snapshot(root);
  const outcome = regenerate(options, options.servers, "initial run", initial);
  if (outcome === "done") generated = initial;
  else if (outcome === "locked") schedule(lockedRetryMs);
  function flush(): void {
    const inputs = snapshot(root);
    const files = changedInputs(generated, inputs).filter((file) => feedsPackage(options, inputs, file));
    if (files.length === 0) {
      generated = inputs;
      options.onCaughtUp?.(inputs);
      return;
    }
    // The catalog feeds every package, and only a full run removes the package of a deleted spec.
    const everything = files.some((file) => isCatalog(file) || !inputs.has(specOf(file)));
    const servers = everything ? options.servers : [...new Set(files.map(slugOf))];
    const result = regenerate(options, servers, files.join(", "), inputs);
    // A cycle that did not finish leaves its inputs unremembered: the next cycle runs them again.
    if (result === "done") generated = inputs;
    else if (result === "locked") schedule(lockedRetryMs);
  }
  out.stdout(`watching specs/ for changes (Ctrl-C to stop)\n`);
  if (!signal.aborted)
    await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
  clearTimeout(timer);
  close();
  return 0;
}

/** Whether a changed input feeds a selected package: the catalog always, a capture only when its server has a spec. */
function feedsPackage(options: WatchOptions, inputs: Snapshot, file: string): boolean {
  if (isCatalog(file)) return true;
  if (options.servers.length > 0 && !options.servers.includes(slugOf(file))) return false;
  return !file.startsWith(`${requestBodiesDir}/`) || inputs.has(specOf(file));
}

/** How a cycle ended: `failed` is anything but a spec error (which is reported and done). */
type Outcome = "done" | "locked" | "failed";

function regenerate(options: WatchOptions, servers: readonly string[], trigger: string, inputs: Snapshot): Outcome {
  const { root, out, env } = options;
  const start = performance.now();
  try {
    const { runs, changes } = generateAndWrite({ root, ...(servers.length > 0 && { servers }) }, servers.length === 0);
    const paths = [
      ...changes.flatMap((c) => c.write),
      ...changes.flatMap((c) => c.remove.map((path) => `${path} (deleted)`)),
    ];
    const ms = (performance.now() - start).toFixed(0);
    out.stdout(`${trigger}: ${runs.length} package(s) checked, ${paths.length} file(s) written in ${ms} ms\n`);
    for (const path of paths) out.stdout(`  ${path}\n`);
  } catch (error) {
    if (error instanceof GenerateLockedError) {
      out.stderr(`${trigger}: ${error.message}\n`);
      return "locked";
    }
    if (!(error instanceof SpecError)) {
      out.stderr(`${trigger}: ${failureText(error, env)}\n`);
      return "failed";
    }
    printDiagnostics(out, env, error.diagnostics, "; nothing was written");
  }
  options.onCaughtUp?.(inputs);
  return "done";
}

/** The server slug of a spec or capture path. */
function slugOf(file: string): string {
  return file.startsWith(`${requestBodiesDir}/`)
    ? (file.split("/")[2] ?? "")
    : file.slice("specs/".length, -".yaml".length);
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
