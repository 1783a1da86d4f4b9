// How many code-mode sandboxes one process may run at once. Each holds up to the memoryBytes limit
// of WebAssembly memory besides its thread (about 20 MB when idle), and --workers multiplies the
// processes, so the default gives all of them together at most half of the machine's memory, within
// 1 to 8 per process; --code-sandboxes sets it outright. Programs beyond the bound wait for a
// sandbox within their wall time. It takes the memory limit, not @toolcat/code's defaults, since that
// optional peer is loaded only in code mode.
import { totalmem } from "node:os";

/** What a sandbox is budgeted beside its memory limit: the worker thread and the engine's module. */
const THREAD_BYTES = 32 * 1024 * 1024;
const MAX_DEFAULT = 8;

export function sandboxesPerProcess(workers: number, memoryBytes: number, memory = totalmem()): number {
  const perSandbox = memoryBytes + THREAD_BYTES;
  return Math.max(1, Math.min(MAX_DEFAULT, Math.floor(memory / 2 / workers / perSandbox)));
}
