// --workers n: n processes serve one port through node:cluster, whose primary accepts connections
// and hands them to the workers in turn (round-robin), so every core answers requests. Workers are
// whole servers: each loads the packages and warms up before it listens, so no connection reaches
// a cold one. The primary holds no MCP state; it forks, replaces a worker that dies after it started
// serving, and on SIGTERM passes the signal on and exits once every worker has drained.
// A connection, not a request, goes to one worker: a 2025 session's next request may reach another
// worker, so workers serve 2025-era clients without sessions (main.ts).
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./log.js";

export interface PrimaryOptions {
  readonly workers: number;
  readonly shutdownTimeoutMs: number;
  /** The line logged once every worker listens (so the port is served at full width), given the endpoint's URL. */
  readonly serving: (url: string) => string;
}

/** Time a worker gets beyond the drain before the primary ends it. */
const EXIT_GRACE_MS = 5_000;

export function runPrimary(options: PrimaryOptions, logger: Logger): void {
  const listening = new Set<Worker>();
  let announced = false;
  let stopping = false;
  let failed = false;

  const fork = (): void => void cluster.fork();
  cluster.on("listening", (worker, address) => {
    listening.add(worker);
    if (announced || listening.size < options.workers) return;
    announced = true;
    const host = address.address ?? "127.0.0.1";
    logger.message(options.serving(`http://${host.includes(":") ? `[${host}]` : host}:${address.port}/mcp`));
  });
  cluster.on("exit", (worker, code, signal) => {
    const served = listening.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    // A worker that never listened failed at start (a bad package, a port in use): another would too.
    if (!served) {
      logger.message(`a worker failed at start (exit ${code ?? signal}); stopping`, "error");
      stop(1);
      return;
    }
    logger.message(`a worker ended (exit ${code ?? signal}); starting another`, "warn");
    fork();
  });

  const stop = (exitCode = 0): void => {
    if (stopping) return;
    stopping = true;
    failed = exitCode !== 0;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill("SIGTERM");
    const deadline = setTimeout(() => {
      logger.message("workers did not exit in time; ending them", "error");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, options.shutdownTimeoutMs + EXIT_GRACE_MS);
    deadline.unref();
  };
  process.once("SIGTERM", () => stop());
  process.once("SIGINT", () => stop());
  for (let index = 0; index < options.workers; index += 1) fork();
}

export const isClusterWorker = (): boolean => cluster.isWorker;
