// Warm sandbox workers. Starting a worker thread and its WebAssembly module costs tens of
// milliseconds, so workers are started ahead (the first while the first program is type-checked)
// and reused, one run at a time each. A worker the host had to end (a deadline passed while it was
// stuck inside a built-in, an abort) or whose engine broke is replaced in the background.
import { Worker } from "node:worker_threads";
import type { LimitName } from "./limits.js";
import { meterBytes, slot } from "./meter.js";
import { prelude } from "./prelude.js";
import type { Job } from "./sandbox.js";

/** Idle workers kept for the next runs; more are started when runs overlap, up to `maxLive`. */
const keptIdle = 2;

/** Workers alive at once (idle, running or stopping); a run beyond waits for one to come free. */
let maxLive = Number.POSITIVE_INFINITY;
let live = 0;
const waiting: ((worker: SandboxWorker) => void)[] = [];

/** How long a stopped worker may take to notice the stop flag before it is ended instead. */
const stopGraceMs = 100;

/**
 * A second bound besides the engine's memory limit: the worker's own V8 heap holds only strings
 * crossing the boundary (JSON text, log lines) and the module's glue; the engine's heap is WebAssembly
 * memory, bounded by `memoryBytes`.
 */
const resourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMB: 4 };

/** What the worker reports of a run that ended by itself. */
export interface WorkerStop {
  readonly kind: "runtime" | "limit" | "never-settled" | "aborted" | "sandbox";
  readonly limit?: LimitName;
  readonly message?: string;
}

export type FromWorker =
  | { readonly type: "call"; readonly id: number; readonly tool: string; readonly input: string }
  | { readonly type: "log"; readonly entry: string }
  | { readonly type: "done"; readonly value?: string; readonly error?: WorkerStop; readonly broken: boolean };

export interface RunListener {
  message(message: FromWorker): void;
  /** The worker died mid-run; `outOfMemory` when its V8 heap went over `resourceLimits`. */
  exited(outOfMemory: boolean): void;
}

const idle: SandboxWorker[] = [];

/**
 * Bounds the sandbox workers of this process (each holds its engine's memory, up to the memoryBytes
 * limit, besides its thread): runs beyond `max` wait for a worker, within their wall time.
 */
export function limitSandboxes(max: number): void {
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError("limitSandboxes takes a whole number of at least 1");
  maxLive = max;
  while (live > maxLive && idle.length > 0) idle[0]!.end();
}

/** Makes sure a worker is starting or ready for the next run, room permitting. */
export function prepareWorker(): void {
  if (idle.length === 0 && live < maxLive) idle.push(new SandboxWorker());
}

/**
 * A worker for one run, kept alive (ref'd) until the run ends; await its `ready` before `start`.
 * With every allowed worker busy it waits for one, up to `waitMs` or an abort of `signal`.
 */
export function takeWorker(waitMs: number, signal?: AbortSignal): Promise<SandboxWorker | "timeout" | "aborted"> {
  const free = idle.pop() ?? (live < maxLive ? new SandboxWorker() : undefined);
  if (free !== undefined) {
    free.hold();
    return Promise.resolve(free);
  }
  if (signal?.aborted === true) return Promise.resolve("aborted");
  return new Promise((resolve) => {
    const settle = (outcome: SandboxWorker | "timeout" | "aborted"): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      const index = waiting.indexOf(waiter);
      if (index >= 0) waiting.splice(index, 1);
      resolve(outcome);
    };
    const waiter = (worker: SandboxWorker): void => {
      worker.hold();
      settle(worker);
    };
    const onAbort = (): void => settle("aborted");
    const timer = setTimeout(() => settle("timeout"), waitMs);
    signal?.addEventListener("abort", onAbort, { once: true });
    waiting.push(waiter);
  });
}

export class SandboxWorker {
  readonly meter: Float64Array;
  readonly ready: Promise<void>;
  readonly #worker: Worker;
  #listener: RunListener | undefined;
  #busy = false;
  #started = false;
  #ended = false;
  #outOfMemory = false;
  #grace: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    live += 1;
    const shared = new SharedArrayBuffer(meterBytes);
    this.meter = new Float64Array(shared);
    this.#worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: { prelude, meter: shared }, resourceLimits });
    let ready: () => void = () => undefined;
    let failed: (error: unknown) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));
    this.ready.catch(() => undefined);
    this.#worker.on("message", (message: FromWorker | { type: "ready" }) => {
      if (message.type !== "ready") return this.#message(message);
      this.#started = true;
      ready();
    });
    this.#worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") this.#outOfMemory = true;
      failed(error);
    });
    this.#worker.on("exit", () => {
      failed(new Error("the sandbox worker exited"));
      const listener = this.#listener;
      this.#listener = undefined;
      this.#retire();
      listener?.exited(this.#outOfMemory);
    });
    // An idle worker must not keep the host's process alive; after the listeners, which ref its port.
    this.#worker.unref();
  }

  hold(): void {
    this.#worker.ref();
  }

  /** Starts a run; the listener gets its calls, logs and end. */
  start(job: Job, listener: RunListener): void {
    this.meter.fill(0);
    this.#busy = true;
    this.#listener = listener;
    this.#worker.postMessage({ type: "run", job });
  }

  answer(id: number, json: string): void {
    this.#worker.postMessage({ type: "answer", id, json });
  }

  /** The host ended the run: the engine stops at its next interrupt poll, or the worker is ended. */
  stop(): void {
    this.#listener = undefined;
    if (!this.#busy) return;
    this.meter[slot.stop] = 1;
    this.#worker.postMessage({ type: "stop" });
    this.#grace = setTimeout(() => this.#retire(), stopGraceMs);
    this.#grace.unref();
    // The next run should not wait for this worker's grace and a replacement's start.
    prepareWorker();
  }

  #message(message: FromWorker): void {
    this.#listener?.message(message);
    if (message.type !== "done") return;
    this.#listener = undefined;
    this.#busy = false;
    clearTimeout(this.#grace);
    this.#worker.unref();
    // A worker ended while it was stopping may still have sent its outcome; it is not reused.
    if (this.#ended) return;
    if (message.broken) this.#retire();
    else if (waiting.length > 0) waiting.shift()?.(this);
    else if (idle.length < Math.min(keptIdle, maxLive)) idle.push(this);
    else this.end();
  }

  /** Ends this worker and replaces it; one that never started is not retried (it would fail again). */
  #retire(): void {
    if (this.end() && this.#started) prepareWorker();
  }

  /** Ends this worker for good, handing its place to a waiting run; false when it had already ended. */
  end(): boolean {
    if (this.#ended) return false;
    this.#ended = true;
    live -= 1;
    const index = idle.indexOf(this);
    if (index >= 0) idle.splice(index, 1);
    void this.#worker.terminate();
    if (waiting.length > 0 && live < maxLive) waiting.shift()?.(new SandboxWorker());
    return true;
  }
}
