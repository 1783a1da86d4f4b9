// Step 1 of a run, from the host: the program is type-checked (and its types erased) on the checker
// thread (checker-thread.ts), one check at a time, so the host's heap never holds what a check
// allocates. The thread is kept warm: one that has grown past a threshold or answered many checks
// is replaced by one that first takes on the same declaration sets, and serves until then, so no
// check pays a cold start for a recycle. A check still running at its run's wall deadline ends its
// thread (nothing else can stop it); one whose thread ran out of memory is a type error.
import { CheckerThread, type ThreadAnswer } from "./checker-thread.js";
import type { CheckSet } from "./checker-service.js";

/**
 * A thread is replaced once its heap has grown this much past its level after taking on its sets
 * (a check's program and types are garbage once the next check replaces them; what stays is caches
 * of types and text), or after this many checks, whichever comes first.
 */
const recycleAfter = { grownBytes: 48 * 1024 * 1024, checks: 2_000 };

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

/** The thread checks go to; undefined until the first check, and after its thread ended. */
let current: CheckerThread | undefined;
/** A replacement taking on the current thread's sets; it becomes current once it has. */
let next: CheckerThread | undefined;
const queue: Queued[] = [];
let checking = false;

/** Checks a program within `waitMs` (the run's remaining wall time); never rejects. */
export function checkProgram(request: CheckRequest, waitMs: number, signal?: AbortSignal): Promise<CheckOutcome> {
  if (signal?.aborted === true) return Promise.resolve({ kind: "aborted" });
  return new Promise((resolve) => {
    let settled = false;
    const entry: Queued = {
      request,
      deadline: performance.now() + waitMs,
      settle(outcome) {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
        resolve(outcome);
      },
    };
    const onAbort = (): void => entry.settle({ kind: "aborted" });
    // A check in flight at the deadline is ended with its thread (pump's own timer); queued, it just leaves.
    const timer = setTimeout(() => entry.settle({ kind: "timeout" }), waitMs);
    signal?.addEventListener("abort", onAbort, { once: true });
    queue.push(entry);
    pump();
  });
}

/** Sends the next queued check to the current thread, once the one before is answered. */
function pump(): void {
  if (checking) return;
  const entry = queue.shift();
  if (entry === undefined) return;
  checking = true;
  if (current === undefined || current.ended) current = new CheckerThread();
  const thread = current;
  const { key, texts, source } = entry.request;
  const deadline = setTimeout(() => thread.end(), Math.max(0, entry.deadline - performance.now()));
  void thread.check(key, texts, source).then((answer) => {
    clearTimeout(deadline);
    checking = false;
    entry.settle(outcomeOf(answer));
    afterCheck(thread);
    pump();
  });
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

/** Replaces a thread that ended (started warm with its sets) or one worn by its checks (in the background). */
function afterCheck(thread: CheckerThread): void {
  if (thread !== current) return;
  if (thread.ended) {
    current = next ?? replacementOf(thread);
    next = undefined;
    return;
  }
  if (next !== undefined || (thread.grownBytes < recycleAfter.grownBytes && thread.checks < recycleAfter.checks))
    return;
  const replacement = replacementOf(thread);
  next = replacement;
  void warmed(replacement).then(() => {
    if (next !== replacement) return;
    next = undefined;
    // One that failed to warm up is dropped; the worn thread serves on and is replaced after a later check.
    if (replacement.ended) return;
    current?.retire();
    current = replacement;
  });
}

/** A new thread given the sets `thread` keeps, least recently used first, so it keeps them in the same order. */
function replacementOf(thread: CheckerThread): CheckerThread {
  const replacement = new CheckerThread();
  for (const [key, texts] of thread.sets) void replacement.check(key, texts, warmUpSource);
  return replacement;
}

/** Resolves once the thread has answered the checks sent to it so far. */
function warmed(thread: CheckerThread): Promise<unknown> {
  const sets = thread.sets;
  const last = sets.at(-1);
  return last === undefined ? Promise.resolve() : thread.check(last[0], last[1], warmUpSource);
}
