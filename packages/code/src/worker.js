// The sandbox worker: a thread the host can end at any moment (terminate stops even a program stuck
// inside one built-in), running one program at a time in a fresh QuickJS runtime of the module it
// loaded at start. It receives the prelude and the shared meter at start, then per run only the
// compiled program, the package functions' names and the limits; tool calls and log lines go to the
// host as they happen, and the outcome comes last, with what the run left this thread holding.
import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { newQuickJSWASMModule, newVariant, RELEASE_SYNC } from "quickjs-emscripten";
import { Sandbox } from "./sandbox.js";

if (parentPort === null) throw new Error("worker.js runs as a worker thread of @toolcat/code");
const port = parentPort;
/** @type {{ prelude: string, meter: SharedArrayBuffer, memoryBytes: number }} */
const { prelude, meter: shared, memoryBytes } = workerData;
const meter = new Float64Array(shared);

// The engine's WebAssembly memory, capped at what the module starts with plus the runs' memory limit.
// QuickJS's own limit does not count every allocation (strings and array buffers grew a runtime
// limited to 64 MiB to 2 GiB); this cap does: past it, the engine's allocator fails.
const page = 64 * 1024;
/** What the module's memory starts at (its own initial size): its code's data, stack and QuickJS's start. */
const engineBaseBytes = 16 * 1024 * 1024;
const memory = new WebAssembly.Memory({
  initial: engineBaseBytes / page,
  maximum: (engineBaseBytes + Math.ceil(memoryBytes / page) * page) / page,
});
// The host's first message is the engine, compiled once per process (engine.ts), so this thread
// starts without compiling it; without one (the host could not compile it) the thread compiles its own.
/** @type {WebAssembly.Module | undefined} */
const engine = await new Promise((resolve) =>
  port.once("message", (/** @type {{ engine?: WebAssembly.Module }} */ message) => resolve(message.engine)),
);
const module = await newQuickJSWASMModule(
  newVariant(RELEASE_SYNC, { wasmMemory: memory, ...(engine !== undefined && { wasmModule: engine }) }),
);
// The first runtime of a module pays its one-time set-up; do it here, not in a user's run.
module.newRuntime().dispose();

/** @type {Sandbox | undefined} */
let current;

port.on(
  "message",
  (/** @type {{ type: string, id?: number, json?: string, job?: import("./sandbox.js").Job }} */ message) => {
    if (message.type === "answer") current?.answer(message.id ?? -1, message.json ?? "");
    else if (message.type === "stop") current?.wake();
    else if (message.type === "run" && message.job !== undefined && current === undefined) void run(message.job);
  },
);

/** @param {import("./sandbox.js").Job} job */
async function run(job) {
  const full = () => memory.buffer.byteLength >= engineBaseBytes + memoryBytes;
  const sandbox = new Sandbox(module, job, meter, (request) => port.postMessage(request), full);
  current = sandbox;
  const { outcome, broken } = await sandbox.run(prelude);
  current = undefined;
  // WebAssembly memory never shrinks, and V8 keeps heap it grew: the host retires a worker holding much.
  port.postMessage({
    type: "done",
    ...outcome,
    broken,
    engineGrowth: memory.buffer.byteLength - engineBaseBytes,
    heapBytes: getHeapStatistics().total_heap_size,
  });
}

port.postMessage({ type: "ready", heapBytes: getHeapStatistics().total_heap_size });
