// Warm sandbox workers. Starting a worker thread and its WebAssembly module costs tens of
// milliseconds, so workers are started ahead (the first while the first program is type-checked)
// and reused, one run at a time each. A worker the host had to end (a deadline passed while it was
// stuck inside a built-in, an abort) or whose engine broke is replaced in the background.
//
// A new thread starts only once every ended one has exited (but for the replacement of one the
// host stopped, see stop()). The C allocator (glibc) gives each thread an arena and keeps what a
// thread freed in it; an arena whose thread exited goes to the next thread that starts, but one
// started while another is still exiting gets a new arena, which then keeps its own share (about
// 13 MB after a sandbox worker) for the life of the process.
import { Worker } from "node:worker_threads";
import { ownThreadOptions } from "./checker-thread.js";
import { engineModule } from "./engine.js";
import type { LimitName } from "./limits.js";
import { meterBytes, slot } from "./meter.js";
import { prelude } from "./prelude.js";
import type { Job } from "./sandbox.js";

/** Idle workers kept for the next runs; more are started when runs overlap, up to `maxLive`. */
const keptIdle = 2;

/**
 * A worker is retired after a run that left it holding much more than when it started: its engine's
 * WebAssembly memory grown more than 2 MiB past its start (that memory never shrinks), or its V8
 * heap (strings that crossed the boundary, a log flood's lines; V8 keeps heap it grew) more than
 * 4 MiB past its own size when it became ready (about 13 MiB). A threshold on what is held rather
 * than "after a limit was hit": a program can allocate 60 MB and return without hitting one, and one
 * stopped by the CPU limit may hold nothing. Ordinary programs grow neither, so they keep their
 * worker; a huge return or a log flood (about 3 MiB of engine and 5–6 MiB of heap kept, more in
 * native buffers the heap does not count) gets a fresh one. A fresh worker costs 80–160 ms of CPU,
 * paid in the background.
 */
const retireAboveBytes = { engine: 2 * 1024 * 1024, heap: 4 * 1024 * 1024 };

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
  | {
      readonly type: "done";
      readonly value?: string;
      readonly error?: WorkerStop;
      readonly broken: boolean;
      readonly engineGrowth: number;
      readonly heapBytes: number;
    };

export interface RunListener {
  message(message: FromWorker): void;
  /** The worker died mid-run; `outOfMemory` when its V8 heap went over `resourceLimits`. */
  exited(outOfMemory: boolean): void;
}

const idle: SandboxWorker[] = [];

/** Workers ended whose threads have not exited yet: no new one starts meanwhile (see the header). */
let exiting = 0;
/** The memory limits of workers to prepare once the exiting threads are gone. */
const deferred = new Set<number>();

/** Workers alive at once (idle, running or stopping); a run beyond waits for one to come free. */
let maxLive = Number.POSITIVE_INFINITY;
let live = 0;

/** A run waiting for a worker limited to `memoryBytes`. */
interface Waiter {
  readonly memoryBytes: number;
  give(worker: SandboxWorker): void;
}
const waiting: Waiter[] = [];

/**
 * Bounds the sandbox workers of this process (each holds its engine's memory, up to the memoryBytes
 * limit, besides its thread): runs beyond `max` wait for a worker, within their wall time.
 */
export function limitSandboxes(max: number): void {
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError("limitSandboxes takes a whole number of at least 1");
  maxLive = max;
  while (live > maxLive && idle.length > 0) idle[0]!.end();
}

/** Makes sure a worker for runs limited to `memoryBytes` is starting or ready for the next run, room permitting. */
export function prepareWorker(memoryBytes: number): void {
  if (idle.some((worker) => worker.memoryBytes === memoryBytes)) return;
  if (exiting > 0) deferred.add(memoryBytes);
  else if (live < maxLive) idle.push(new SandboxWorker(memoryBytes));
}

/** Once no thread is exiting: new workers for waiting runs, then the workers prepared meanwhile. */
function replenish(): void {
  if (exiting > 0) return;
  const given = new Set<number>();
  while (waiting.length > 0 && live < maxLive) {
    const next = waiting.shift()!;
    given.add(next.memoryBytes);
    next.give(new SandboxWorker(next.memoryBytes));
  }
  // A run that waited took the worker a prepare asked for.
  const wanted = [...deferred].filter((memoryBytes) => !given.has(memoryBytes));
  deferred.clear();
  for (const memoryBytes of wanted) prepareWorker(memoryBytes);
}

/**
 * A worker for one run limited to `memoryBytes`, kept alive (ref'd) until the run ends; await its
 * `ready` before `start`. With every allowed worker busy it waits for one, up to `waitMs` or an abort
 * of `signal`; an idle worker of another memory limit gives its place up.
 */
export function takeWorker(
  memoryBytes: number,
  waitMs: number,
  signal?: AbortSignal,
): Promise<SandboxWorker | "timeout" | "aborted"> {
  const index = idle.map((worker) => worker.memoryBytes).lastIndexOf(memoryBytes);
  if (index < 0 && live >= maxLive && idle.length > 0) idle[0]!.end();
  const free =
    index >= 0
      ? idle.splice(index, 1)[0]!
      : live < maxLive && exiting === 0
        ? new SandboxWorker(memoryBytes)
        : undefined;
  if (free !== undefined) {
    free.hold();
    return Promise.resolve(free);
  }
  if (signal?.aborted === true) return Promise.resolve("aborted");
  return new Promise((resolve) => {
    const settle = (outcome: SandboxWorker | "timeout" | "aborted"): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      const at = waiting.indexOf(waiter);
      if (at >= 0) waiting.splice(at, 1);
      resolve(outcome);
    };
    const waiter: Waiter = {
      memoryBytes,
      give(worker) {
        worker.hold();
        settle(worker);
      },
    };
    const onAbort = (): void => settle("aborted");
    const timer = setTimeout(() => settle("timeout"), waitMs);
    signal?.addEventListener("abort", onAbort, { once: true });
    waiting.push(waiter);
  });
}

export class SandboxWorker {
  readonly meter: Float64Array;
  /** The memory limit of the runs this worker takes: its engine's memory is capped at it (worker.js). */
  readonly memoryBytes: number;
  readonly ready: Promise<void>;
  readonly #worker: Worker;
  #listener: RunListener | undefined;
  #busy = false;
  #started = false;
  #ended = false;
  #outOfMemory = false;
  #grace: ReturnType<typeof setTimeout> | undefined;
  /** The worker's V8 heap when it became ready, before any run. */
  #startHeapBytes = 0;
  /** The host stopped this worker's run; a replacement was started then. */
  #stopped = false;
  /** Its thread has exited. */
  #exited = false;
  /** Counted in `exiting`: ended, its thread not exited yet. */
  #leaving = false;

  constructor(memoryBytes: number) {
    live += 1;
    const shared = new SharedArrayBuffer(meterBytes);
    this.meter = new Float64Array(shared);
    this.memoryBytes = memoryBytes;
    this.#worker = new Worker(new URL("./worker.js", import.meta.url), {
      workerData: { prelude, meter: shared, memoryBytes },
      resourceLimits,
      // The host's preloads are not this thread's (checker-thread.ts says why).
      execArgv: ownThreadOptions,
    });
    let ready: () => void = () => undefined;
    let failed: (error: unknown) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));
    this.ready.catch(() => undefined);
    this.#worker.on("message", (message: FromWorker | { type: "ready"; heapBytes: number }) => {
      if (message.type !== "ready") return this.#message(message);
      this.#started = true;
      this.#startHeapBytes = message.heapBytes;
      ready();
    });
    this.#worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") this.#outOfMemory = true;
      failed(error);
    });
    this.#worker.on("exit", () => {
      this.#exited = true;
      if (this.#leaving) {
        this.#leaving = false;
        exiting -= 1;
        replenish();
      }
      failed(new Error("the sandbox worker exited"));
      const listener = this.#listener;
      this.#listener = undefined;
      this.#retire();
      listener?.exited(this.#outOfMemory);
    });
    // The thread waits for the engine, compiled once per process (engine.ts), as its first message.
    void engineModule().then((engine) => {
      if (!this.#exited) this.#worker.postMessage({ type: "engine", engine });
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
    this.#stopped = true;
    this.meter[slot.stop] = 1;
    this.#worker.postMessage({ type: "stop" });
    this.#grace = setTimeout(() => this.#retire(), stopGraceMs);
    this.#grace.unref();
    // The next run should not wait for this worker's grace and a replacement's start, so this one
    // replacement starts beside the stopped thread (one thread more, and at most one arena more).
    prepareWorker(this.memoryBytes);
  }

  #message(message: FromWorker): void {
    this.#listener?.message(message);
    if (message.type !== "done") return;
    this.#listener = undefined;
    this.#busy = false;
    clearTimeout(this.#grace);
    this.#worker.unref();
    // A worker ended while it was stopping may still have sent its outcome; it is not reused. One
    // that noticed the stop in time is not either: its replacement is already starting, and keeping
    // both would hold a second idle worker (some 30 MB) for nothing.
    if (this.#ended) return;
    if (
      message.broken ||
      this.#stopped ||
      message.engineGrowth > retireAboveBytes.engine ||
      message.heapBytes > this.#startHeapBytes + retireAboveBytes.heap
    )
      this.#retire();
    else if (waiting[0]?.memoryBytes === this.memoryBytes) waiting.shift()!.give(this);
    else if (waiting.length === 0 && idle.length < Math.min(keptIdle, maxLive)) idle.push(this);
    else this.end();
  }

  /** Ends this worker and replaces it; one that never started is not retried (it would fail again). */
  #retire(): void {
    if (this.end() && this.#started) prepareWorker(this.memoryBytes);
  }

  /** Ends this worker for good, handing its place to a waiting run; false when it had already ended. */
  end(): boolean {
    if (this.#ended) return false;
    this.#ended = true;
    live -= 1;
    const index = idle.indexOf(this);
    if (index >= 0) idle.splice(index, 1);
    if (this.#exited) replenish();
    else {
      this.#leave();
      void this.#worker.terminate();
    }
    return true;
  }

  /** Counts this worker's thread as exiting until its exit event. */
  #leave(): void {
    if (this.#leaving || this.#exited) return;
    this.#leaving = true;
    exiting += 1;
  }
}
