// How many code-mode sandboxes one process may run at once. Each holds up to the memoryBytes limit
// of WebAssembly memory besides its thread (about 20 MB when idle), and --workers multiplies the
// processes, so the default gives all of them together at most half of the machine's memory, within
// 1 to 8 per process; --code-sandboxes sets it outright. Programs beyond the bound wait for a
// sandbox within their wall time.
import { totalmem } from "node:os";
import { defaultLimits, type CodeLimits } from "@toolcat/code";

/** What a sandbox is budgeted beside its memory limit: the worker thread and the engine's module. */
const THREAD_BYTES = 32 * 1024 * 1024;
const MAX_DEFAULT = 8;

export function sandboxesPerProcess(workers: number, limits: Partial<CodeLimits>, memory = totalmem()): number {
  const perSandbox = (limits.memoryBytes ?? defaultLimits.memoryBytes) + THREAD_BYTES;
  return Math.max(1, Math.min(MAX_DEFAULT, Math.floor(memory / 2 / workers / perSandbox)));
}
