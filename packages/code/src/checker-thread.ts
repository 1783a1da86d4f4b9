// One type-checker thread, as the host sees it (checker-service.ts is the thread's side). What a
// check allocates (a program, its types, the young generation V8 grows for them) stays in this
// thread's heap, capped by `resourceLimits`, and goes when the thread is replaced; the host's own
// heap never sees it. The host mirrors which declaration sets the thread keeps, in the same order
// the thread updates them (it answers checks in the order they were sent), and sends a set's texts
// only when the thread does not keep it.
import { getCompileCacheDir } from "node:module";
import { Worker } from "node:worker_threads";
import type { CheckAnswer, CheckJob, CheckSet } from "./checker-service.js";

/** Declaration sets kept warm per thread, the least recently used dropped. */
const keptSets = 4;

/**
 * The thread's heap: the young generation small. V8 would grow it to 64 MiB or more with the
 * checks' allocation and keep it; at 16 MiB a long run settled over 50 MB above idle, at 4 MiB
 * within 45 MB, for two to four milliseconds more per small program's check (scavenges). The old
 * generation is capped well above what TypeScript needs (its library and all seven catalog
 * packages' declarations take about 28 MiB), so a program whose types explode ends the thread (a
 * type error for that program) instead of growing the process.
 */
const resourceLimits = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 256, stackSizeMB: 4 };

/**
 * None of the host's command-line options: its preloads (`--import`, `--require`: a TypeScript
 * loader, an APM agent) would load again in this thread, which runs only this package's code, and
 * cost it their memory (with tsx, a ready process held about 100 MB more across its threads).
 */
export const ownThreadOptions: string[] = [];

export type ThreadAnswer = CheckAnswer | { readonly kind: "out-of-memory" | "exited" };

export class CheckerThread {
  readonly #worker: Worker;
  /** The host's mirror of the thread's sets by key, least recently used first. */
  readonly #sets = new Map<string, { readonly id: number; readonly texts: CheckSet }>();
  /** Answers awaited, in the order the jobs were sent. */
  readonly #waiting: ((answer: ThreadAnswer) => void)[] = [];
  #nextSet = 0;
  #checks = 0;
  /** The thread's heap after its last check. */
  #heapBytes = 0;
  /** Its heap when it last took on a set, the level `grownBytes` measures from. */
  #baseBytes = 0;
  #outOfMemory = false;
  #ended = false;
  #ending = false;

  constructor() {
    this.#worker = new Worker(new URL("./checker-worker.js", import.meta.url), {
      // TypeScript's code compiled on an earlier start is read from the host's compile cache, if it keeps one.
      workerData: { keptSets, compileCache: getCompileCacheDir() },
      resourceLimits,
      execArgv: ownThreadOptions,
    });
    this.#worker.on("message", (answer: CheckAnswer) => this.#answered(answer));
    this.#worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") this.#outOfMemory = true;
    });
    this.#worker.on("exit", () => {
      this.#ended = true;
      const kind = this.#outOfMemory ? "out-of-memory" : "exited";
      for (const resolve of this.#waiting.splice(0)) resolve({ kind });
    });
    // Idle, it must not keep the host's process alive; after the listeners, which ref its port.
    this.#worker.unref();
  }

  /** Checks `source` against the set `key` names; the answer comes in send order. */
  check(key: string, texts: CheckSet, source: string): Promise<ThreadAnswer> {
    if (this.#ended) return Promise.resolve({ kind: "exited" });
    let set = this.#sets.get(key);
    const sending = set === undefined;
    if (set === undefined) {
      set = { id: this.#nextSet++, texts };
      if (this.#sets.size >= keptSets) this.#sets.delete(this.#sets.keys().next().value ?? "");
    }
    this.#sets.delete(key);
    this.#sets.set(key, set);
    const job: CheckJob = { set: set.id, ...(sending && { texts }), source };
    this.#worker.ref();
    this.#worker.postMessage(job);
    return new Promise((resolve) =>
      this.#waiting.push((answer) => {
        if (answer.kind === "too-deep" || answer.kind === "failed") this.#sets.delete(key);
        if (sending && answer.kind === "checked") this.#baseBytes = Math.max(this.#baseBytes, answer.heapBytes);
        resolve(answer);
      }),
    );
  }

  /** The sets this thread keeps, least recently used first, for a replacement to warm up with. */
  get sets(): [key: string, texts: CheckSet][] {
    return [...this.#sets].map(([key, set]) => [key, set.texts]);
  }

  get ended(): boolean {
    return this.#ended;
  }

  get checks(): number {
    return this.#checks;
  }

  /** How far its heap has grown past its level after it took on its sets. */
  get grownBytes(): number {
    return Math.max(0, this.#heapBytes - this.#baseBytes);
  }

  /** Ends the thread once its checks in flight are answered; at once when there are none. */
  retire(): void {
    this.#ending = true;
    if (this.#waiting.length === 0) this.end();
  }

  /** Ends the thread now; checks in flight are answered `exited`. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    void this.#worker.terminate();
  }

  #answered(answer: CheckAnswer): void {
    this.#checks += 1;
    this.#heapBytes = answer.heapBytes;
    this.#waiting.shift()?.(answer);
    if (this.#waiting.length > 0) return;
    this.#worker.unref();
    if (this.#ending) this.end();
  }
}
