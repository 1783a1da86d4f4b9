// The sandbox worker: a thread the host can end at any moment (terminate stops even a program stuck
// inside one built-in), running one program at a time in a fresh QuickJS runtime of the module it
// loaded at start. It receives the prelude and the shared meter at start, then per run only the
// compiled program, the package functions' names and the limits; tool calls and log lines go to the
// host as they happen, and the outcome comes last.
import { parentPort, workerData } from "node:worker_threads";
import { newQuickJSWASMModule } from "quickjs-emscripten";
import { Sandbox } from "./sandbox.js";

if (parentPort === null) throw new Error("worker.js runs as a worker thread of @toolcat/code");
const port = parentPort;
/** @type {{ prelude: string, meter: SharedArrayBuffer }} */
const { prelude, meter: shared } = workerData;
const meter = new Float64Array(shared);

const module = await newQuickJSWASMModule();
// The first runtime of a module pays its one-time set-up; do it here, not in a user's run.
module.newRuntime().dispose();

/** @type {Sandbox | undefined} */
let current;

port.on("message", (/** @type {{ type: string, id?: number, json?: string, job?: import("./sandbox.js").Job }} */ message) => {
  if (message.type === "answer") current?.answer(message.id ?? -1, message.json ?? "");
  else if (message.type === "stop") current?.wake();
  else if (message.type === "run" && message.job !== undefined && current === undefined) void run(message.job);
});

/** @param {import("./sandbox.js").Job} job */
async function run(job) {
  const sandbox = new Sandbox(module, job, meter, (request) => port.postMessage(request));
  current = sandbox;
  const { outcome, broken } = await sandbox.run(prelude);
  current = undefined;
  port.postMessage({ type: "done", ...outcome, broken });
}

port.postMessage({ type: "ready" });
