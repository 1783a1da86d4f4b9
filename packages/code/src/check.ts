// Step 1 of a run, from the host: the program is type-checked (and its types erased) on the checker
// thread (checker-thread.ts), one check at a time, so the host's heap never holds what a check
// allocates. The thread is kept warm: one that has grown past a threshold or answered many checks
// is replaced by one that first takes on the same declaration sets, and serves until then, so no
// check pays a cold start for a recycle. A check still running at its run's wall deadline ends its
// thread (nothing else can stop it); one whose thread ran out of memory is a type error.
import { CheckerThread, type ThreadAnswer } from "./checker-thread.js";
import type { CheckSet } from "./checker-service.js";

/** When a thread is replaced: its heap grown this many bytes past its level, or this many checks answered. */
export interface RecyclePolicy {
  readonly grownBytes: number;
  readonly checks: number;
}

/**
 * A thread is replaced once its heap has grown this much past its level after taking on its sets
 * (a check's program and types are garbage once the next check replaces them; what stays is caches
 * of types and text), or after this many checks, whichever comes first.
 */
const recycleAfter: RecyclePolicy = { grownBytes: 48 * 1024 * 1024, checks: 2_000 };

/** A trivial program each declaration set is warmed with: it builds the set's checker and its library. */
const warmUpSource = "return null;";

export type CheckOutcome =
  | { readonly kind: "checked"; readonly diagnostics: readonly string[]; readonly javascript?: string }
  | { readonly kind: "too-deep" | "failed" | "out-of-memory" | "timeout" | "aborted" };

export interface CheckRequest {
  /** Identifies the declaration set: equal keys, equal texts. */
  readonly key: string;
  readonly texts: CheckSet;
  readonly source: string;
}

interface Queued {
  readonly request: CheckRequest;
  readonly deadline: number;
  settle(outcome: CheckOutcome): void;
}

/** Checks on one thread at a time, replaced as `policy` says; `newThread` starts one. */
export class CheckQueue {
  readonly #policy: RecyclePolicy;
  readonly #newThread: () => CheckerThread;
  /** The thread checks go to; undefined until the first check. */
  #current: CheckerThread | undefined;
  /** A replacement taking on the current thread's sets; it becomes current once it has. */
  #next: CheckerThread | undefined;
  readonly #queue: Queued[] = [];
  #checking = false;

  constructor(policy: RecyclePolicy, newThread: () => CheckerThread) {
    this.#policy = policy;
    this.#newThread = newThread;
  }

  /** Checks a program within `waitMs` (the run's remaining wall time); never rejects. */
  check(request: CheckRequest, waitMs: number, signal?: AbortSignal): Promise<CheckOutcome> {
    if (signal?.aborted === true) return Promise.resolve({ kind: "aborted" });
    return new Promise((resolve) => {
      let settled = false;
      const entry: Queued = {
        request,
        deadline: performance.now() + waitMs,
        settle: (outcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          const at = this.#queue.indexOf(entry);
          if (at >= 0) this.#queue.splice(at, 1);
          resolve(outcome);
        },
      };
      const onAbort = (): void => entry.settle({ kind: "aborted" });
      // A check in flight at the deadline is ended with its thread (#pump's own timer); queued, it just leaves.
      const timer = setTimeout(() => entry.settle({ kind: "timeout" }), waitMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#queue.push(entry);
      this.#pump();
    });
  }

  /** Sends the next queued check to the current thread, once the one before is answered. */
  #pump(): void {
    if (this.#checking) return;
    const entry = this.#queue.shift();
    if (entry === undefined) return;
    this.#checking = true;
    if (this.#current === undefined || this.#current.ended) this.#current = this.#newThread();
    const thread = this.#current;
    const { key, texts, source } = entry.request;
    const deadline = setTimeout(() => thread.end(), Math.max(0, entry.deadline - performance.now()));
    void thread.check(key, texts, source).then((answer) => {
      clearTimeout(deadline);
      this.#checking = false;
      entry.settle(outcomeOf(answer));
      this.#afterCheck(thread);
      this.#pump();
    });
  }

  /** Replaces a thread that ended (started warm with its sets) or one worn by its checks (in the background). */
  #afterCheck(thread: CheckerThread): void {
    if (thread !== this.#current) return;
    if (thread.ended) {
      this.#current = this.#next ?? this.#replacementOf(thread);
      this.#next = undefined;
      return;
    }
    const worn = thread.grownBytes >= this.#policy.grownBytes || thread.checks >= this.#policy.checks;
    if (this.#next !== undefined || !worn) return;
    const replacement = this.#replacementOf(thread);
    this.#next = replacement;
    void warmed(replacement).then(() => {
      if (this.#next !== replacement) return;
      this.#next = undefined;
      // One that failed to warm up is dropped; the worn thread serves on and is replaced after a later check.
      if (replacement.ended) return;
      this.#current?.retire();
      this.#current = replacement;
    });
  }

  /** A new thread given the sets `thread` keeps, least recently used first, so it keeps them in the same order. */
  #replacementOf(thread: CheckerThread): CheckerThread {
    const replacement = this.#newThread();
    for (const [key, texts] of thread.sets) void replacement.check(key, texts, warmUpSource);
    return replacement;
  }
}

function outcomeOf(answer: ThreadAnswer): CheckOutcome {
  if (answer.kind === "checked")
    return {
      kind: "checked",
      diagnostics: answer.diagnostics,
      ...(answer.javascript !== undefined && { javascript: answer.javascript }),
    };
  // Ended by the deadline: the check's own timer has settled it as a timeout already.
  return { kind: answer.kind === "exited" ? "failed" : answer.kind };
}

/** Resolves once the thread has answered the checks sent to it so far. */
function warmed(thread: CheckerThread): Promise<unknown> {
  const sets = thread.sets;
  const last = sets.at(-1);
  return last === undefined ? Promise.resolve() : thread.check(last[0], last[1], warmUpSource);
}

const checks = new CheckQueue(recycleAfter, () => new CheckerThread());

/** Checks a program on the process's checker thread within `waitMs` (the run's remaining wall time); never rejects. */
export function checkProgram(request: CheckRequest, waitMs: number, signal?: AbortSignal): Promise<CheckOutcome> {
  return checks.check(request, waitMs, signal);
}
