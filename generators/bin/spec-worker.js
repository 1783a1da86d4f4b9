// generate and check-drift read the specs on a worker thread running the compiled bundle while
// this thread loads ts-morph (src/pipeline/spec-worker.ts). The worker is started here, before this
// thread loads the bundle, so that both load it at the same time; it then waits for main to send
// what to load. Errors of the worker never reach the user from here: main loads the specs itself.
import { Worker } from "node:worker_threads";

// Node's compile cache is per thread.
const script = `
  require("node:module").enableCompileCache?.();
  require(require("node:worker_threads").workerData.bundle).serveSpecs();
`;

/** No worker for these: help reads nothing, --watch keeps one warm process; --server: see below. */
const noWorker = /^(--watch|--help|-h|--server(=.*)?)$/;

/**
 * A spec worker for the commands that use one, guessed from the arguments (main parses them
 * strictly): a wrong guess costs a thread that idles until the process ends. `--server` runs read
 * a spec or two, too little for a second thread to pay off, and Nx runs them two at a time on all
 * cores: seven such runs took about 30% longer with a worker each.
 * @param {string} bundle
 * @param {readonly string[]} argv
 * @returns {import("../src/pipeline/spec-worker.ts").SpecWorker | undefined}
 */
export function startSpecWorker(bundle, argv) {
  const [command, ...rest] = argv;
  if (command !== "generate" && command !== "check-drift") return undefined;
  if (rest.some((arg) => noWorker.test(arg))) return undefined;
  const worker = new Worker(script, { eval: true, workerData: { bundle } });
  // Idle, it must not keep the process alive; listened to from the start, its failure cannot throw here.
  worker.unref();
  const failed = new Promise((resolve) => {
    worker.once("error", () => resolve(undefined));
    worker.once("exit", () => resolve(undefined));
  });
  return {
    load(options) {
      worker.ref();
      worker.postMessage(options);
      const answer = new Promise((resolve) => worker.once("message", resolve));
      return Promise.race([answer, failed]).finally(() => worker.unref());
    },
  };
}
