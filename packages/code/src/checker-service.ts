// The type checker's thread (checker-worker.js starts it): warm checkers by declaration set, one
// check at a time. The host sends a set's declarations the first time this thread sees it and
// mirrors which sets this thread keeps (checker-thread.ts), so a check carries only the program.
// What a check allocates stays in this thread's heap, which the host bounds and recycles.
import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import type { ToolNames } from "./diagnostics.js";
import { Checker, transpile } from "./typecheck.js";

/** Each namespace's functions with their full tool names (`getSpreadsheet` → `CloudSheets.GetSpreadsheet`). */
export type ToolTable = readonly (readonly [namespace: string, functions: readonly (readonly [string, string])[]])[];

/** A set's texts, sent with its first check on a thread. */
export interface CheckSet {
  readonly declarations: readonly string[];
  readonly tools: ToolTable;
}

export interface CheckJob {
  readonly set: number;
  /** Present when the host's mirror says this thread does not keep the set. */
  readonly texts?: CheckSet;
  readonly source: string;
}

export type CheckAnswer = (
  | { readonly kind: "checked"; readonly diagnostics: readonly string[]; readonly javascript?: string }
  /**
   * The checker's own recursion ran out of stack (absurdly deep nesting), or the checker threw; the set's checker
   * was dropped.
   */
  | { readonly kind: "too-deep" | "failed" }
) & {
  /** This thread's V8 heap after the check, for the host's recycling. */
  readonly heapBytes: number;
};

/** Sets kept warm, the least recently used dropped: the host's mirror's number (checker-thread.ts). */
const { keptSets } = workerData as { keptSets: number };

interface Kept {
  readonly checker: Checker;
  readonly toolNames: ToolNames;
}

const kept = new Map<number, Kept>();

function toolNamesOf(tools: ToolTable): ToolNames {
  const byNamespace = new Map(tools.map(([namespace, functions]) => [namespace, new Map(functions)]));
  return (namespace, fn) => byNamespace.get(namespace)?.get(fn);
}

/** The set's checker, made the most recently used; a new set pushes out the least recently used. */
function checkerOf(job: CheckJob): Kept | undefined {
  if (job.texts !== undefined) {
    kept.get(job.set)?.checker.dispose();
    kept.delete(job.set);
    if (kept.size >= keptSets) drop(kept.keys().next().value ?? -1);
    kept.set(job.set, { checker: new Checker(job.texts.declarations), toolNames: toolNamesOf(job.texts.tools) });
  }
  const found = kept.get(job.set);
  if (found === undefined) return undefined;
  kept.delete(job.set);
  kept.set(job.set, found);
  return found;
}

function drop(set: number): void {
  kept.get(set)?.checker.dispose();
  kept.delete(set);
}

function check(job: CheckJob): CheckAnswer {
  const heapBytes = (): number => getHeapStatistics().used_heap_size;
  try {
    // The host mirrors this thread's sets and sends the texts whenever this thread does not keep one.
    const found = checkerOf(job);
    if (found === undefined) return { kind: "failed", heapBytes: heapBytes() };
    const diagnostics = found.checker.check(job.source, found.toolNames);
    return {
      kind: "checked",
      diagnostics,
      ...(diagnostics.length === 0 && { javascript: transpile(job.source) }),
      heapBytes: heapBytes(),
    };
  } catch (error) {
    drop(job.set);
    return { kind: error instanceof RangeError ? "too-deep" : "failed", heapBytes: heapBytes() };
  }
}

/** Answers the host's checks on this thread's port until the host ends the thread. */
export function serveChecks(): void {
  const port = parentPort;
  if (port === null) throw new Error("checker-service runs on the checker thread of @toolcat/code");
  port.on("message", (job: CheckJob) => port.postMessage(check(job)));
}
