// generate and check-drift read the specs on a worker thread running the compiled bundle while
// this thread loads ts-morph (src/pipeline/spec-worker.ts). The bin hands main a way to start one;
// the command starts it once its arguments are parsed, when it reads every spec. The worker then
// waits for main to send what to load. Errors of the worker never reach the user from here: main
// loads the specs itself.
import { Worker } from "node:worker_threads";

// Node's compile cache is per thread.
const script = `
  require("node:module").enableCompileCache?.();
  require(require("node:worker_threads").workerData.bundle).serveSpecs();
`;

/**
 * A spec worker running `bundle`.
 * @param {string} bundle
 * @returns {import("../src/pipeline/spec-worker.ts").SpecWorker}
 */
export function startSpecWorker(bundle) {
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
