// One program in one QuickJS runtime, inside the sandbox worker. The program's only way out is the
// prelude's `call` and `log`, which become messages to the host; the host runs the tools and answers
// by message, so no client, secret or host object is in this thread. Engine time is metered slice by
// slice into the shared meter, and every limit the engine sees stops the program through the
// interrupt handler, which the program cannot catch. The host's own timers bound what this cannot
// see (a slice stuck inside one built-in) by ending the worker.
import { Buffer } from "node:buffer";
import { monotonicMs, slot } from "./meter.js";

/** The engine's own stack limit: deep enough for ordinary recursion, shallow enough for the thread's. */
const engineStackBytes = 256 * 1024;

/** Pending jobs run per slice before the meter, the stop flag and this thread's events are looked at. */
const jobsPerSlice = 1_000;

/**
 * @typedef {import("quickjs-emscripten").QuickJSWASMModule} Module
 * @typedef {import("quickjs-emscripten").QuickJSContext} Context
 * @typedef {import("quickjs-emscripten").QuickJSHandle} Handle
 * @typedef {import("quickjs-emscripten").QuickJSDeferredPromise} Deferred
 * @typedef {{ kind: string, limit?: string, message?: string }} Stop
 * @typedef {{ value?: string, error?: Stop }} Outcome
 * @typedef {{ cpuMs: number, memoryBytes: number, toolCalls: number, outputBytes: number, logLines: number }} Limits
 * @typedef {{ javascript: string, packages: [string, [string, string][]][], limits: Limits, wallDeadline: number }} Job
 * @typedef {{ type: "call", id: number, tool: string, input: string } | { type: "log", entry: string }} Request
 */

export class Sandbox {
  /** @type {Context} */ #context;
  /** @type {Job} */ #job;
  /** @type {Float64Array} */ #meter;
  /** @type {(request: Request) => void} */ #post;
  /** @type {() => boolean} */ #memoryFull;
  /** @type {Set<string>} */ #tools;
  /** @type {Map<number, Deferred>} */ #inFlight = new Map();
  /** @type {Handle[]} */ #handles = [];
  #callsStarted = 0;
  #outputBytes = 0;
  #logLines = 0;
  #cpuUsed = 0;
  #sliceDeadline = Number.POSITIVE_INFINITY;
  /** @type {Stop | undefined} */ #stopped;
  /** @type {(() => void) | undefined} */ #wake;
  #finished = false;

  /**
   * @param {Module} module @param {Job} job @param {Float64Array} meter
   * @param {(request: Request) => void} post
   * @param {() => boolean} memoryFull whether the engine's memory reached its cap (the program may catch the
   * allocator's failure; it cannot catch this)
   */
  constructor(module, job, meter, post, memoryFull) {
    this.#job = job;
    this.#meter = meter;
    this.#post = post;
    this.#memoryFull = memoryFull;
    this.#tools = new Set(job.packages.flatMap(([, functions]) => functions.map(([, tool]) => tool)));
    const runtime = module.newRuntime();
    runtime.setMemoryLimit(job.limits.memoryBytes);
    runtime.setMaxStackSize(engineStackBytes);
    runtime.setInterruptHandler(() => this.#interrupted());
    this.#context = runtime.newContext();
  }

  /**
   * Runs the program; the outcome's value is JSON text. `broken` says the engine may be inconsistent
   * (it failed mid-operation, or freeing the runtime failed), so this worker must not run again.
   * @param {string} prelude
   * @returns {Promise<{ outcome: Outcome, broken: boolean }>}
   */
  async run(prelude) {
    let outcome;
    let broken = false;
    try {
      outcome = await this.#execute(prelude);
    } catch {
      // The engine's recursion overflowed this thread's stack inside the WebAssembly module.
      outcome = { error: { kind: "sandbox" } };
      broken = true;
    }
    this.#finished = true;
    try {
      for (const deferred of this.#inFlight.values()) deferred.dispose();
      for (const handle of this.#handles) if (handle.alive) handle.dispose();
      const runtime = this.#context.runtime;
      this.#context.dispose();
      runtime.dispose();
    } catch {
      // QuickJS can leak objects on its out-of-memory paths, and then aborts when the runtime is freed.
      broken = true;
    }
    return { outcome: this.#stopped === undefined ? outcome : { error: this.#stopped }, broken };
  }

  /** A tool's answer (JSON text) from the host. @param {number} id @param {string} json */
  answer(id, json) {
    const deferred = this.#inFlight.get(id);
    if (this.#finished || deferred === undefined) return;
    this.#inFlight.delete(id);
    this.#enter(() => {
      const text = this.#context.newString(json);
      deferred.resolve(text);
      text.dispose();
    });
    deferred.dispose();
    this.#wake?.();
  }

  /** The host ended the run (its deadline, an abort); the shared stop flag is already set. */
  wake() {
    this.#wake?.();
  }

  /** @param {string} prelude @returns {Promise<Outcome>} */
  async #execute(prelude) {
    const context = this.#context;
    const host = this.#keep(context.newObject());
    const call = this.#keep(
      context.newFunction("call", (tool, input) => this.#call(context.getString(tool), context.getString(input))),
    );
    const log = this.#keep(
      context.newFunction("log", (level, line) => this.#log(context.getString(level), context.getString(line))),
    );
    context.setProp(host, "call", call);
    context.setProp(host, "log", log);
    const packages = this.#keep(context.newString(JSON.stringify(this.#job.packages)));
    const factory = this.#keep(context.unwrapResult(context.evalCode(prelude, "prelude.js")));
    const helpers = this.#keep(
      context.unwrapResult(this.#enter(() => context.callFunction(factory, context.undefined, host, packages))),
    );
    const exportValue = this.#keep(context.getProp(helpers, "exportValue"));
    const describe = this.#keep(context.getProp(helpers, "describe"));
    const main = this.#enter(() => context.evalCode(`${this.#job.javascript}\n__program();`, "program.js"));
    if (main.error !== undefined) return { error: this.#thrown(describe, main.error) };
    this.#keep(main.value);
    for (;;) {
      while (this.#stopped === undefined && context.runtime.hasPendingJob()) {
        const ran = this.#enter(() => context.runtime.executePendingJobs(jobsPerSlice));
        if (ran.error !== undefined) this.#jobFailed(describe, ran.error);
      }
      if (this.#stopped !== undefined) return {};
      const state = context.getPromiseState(main.value);
      if (state.type === "fulfilled") return this.#export(exportValue, describe, state.value);
      if (state.type === "rejected") return { error: this.#thrown(describe, state.error) };
      if (this.#inFlight.size === 0) return { error: { kind: "never-settled" } };
      await new Promise((resolve) => (this.#wake = () => resolve(undefined)));
      this.#wake = undefined;
      if (this.#meter[slot.stop] !== 0) this.#stop({ kind: "aborted" });
    }
  }

  /** @param {Handle} handle @returns {Handle} */
  #keep(handle) {
    this.#handles.push(handle);
    return handle;
  }

  /** The returned value as JSON text made inside the sandbox, checked for size. @returns {Outcome} */
  #export(/** @type {Handle} */ exportValue, /** @type {Handle} */ describe, /** @type {Handle} */ value) {
    const context = this.#context;
    const remaining = this.#job.limits.outputBytes - this.#outputBytes;
    const length = context.newNumber(remaining);
    const exported = this.#enter(() => context.callFunction(exportValue, context.undefined, value, length));
    length.dispose();
    value.dispose();
    if (exported.error !== undefined) return { error: this.#thrown(describe, exported.error) };
    const kind = context.typeof(exported.value);
    const json = kind === "string" ? context.getString(exported.value) : "";
    exported.value.dispose();
    if (kind !== "string" || Buffer.byteLength(json) > remaining) return { error: this.#limit("outputBytes") };
    return json === "" ? {} : { value: json };
  }

  /** What the program threw; a memory failure is the memory limit. @returns {Stop} */
  #thrown(/** @type {Handle} */ describe, /** @type {Handle} */ error) {
    const context = this.#context;
    const described = this.#enter(() => context.callFunction(describe, context.undefined, error));
    error.dispose();
    const message =
      described.error === undefined
        ? context.getString(described.value)
        : "the program threw a value that cannot be described";
    (described.error ?? described.value).dispose();
    // With the engine's memory at its cap, whatever failed (even a throw of null, when the error
    // object itself could not be allocated) failed for memory.
    if (/out of memory/i.test(message) || this.#memoryFull()) return this.#limit("memoryBytes");
    return { kind: "runtime", message };
  }

  /** A job that failed outside any promise: the engine stopped it (interrupt, memory). */
  #jobFailed(/** @type {Handle} */ describe, /** @type {Handle} */ error) {
    const reason = this.#thrown(describe, error);
    this.#stop(reason.kind === "runtime" ? { ...reason, message: `a pending job failed: ${reason.message}` } : reason);
  }

  /** @param {string} tool @param {string} input @returns {Handle} */
  #call(tool, input) {
    const known = this.#tools.has(tool);
    if (this.#stopped === undefined && known && this.#callsStarted >= this.#job.limits.toolCalls)
      this.#stop(this.#limit("toolCalls"));
    const deferred = this.#context.newPromise();
    if (this.#stopped !== undefined || !known) {
      // A promise that never settles: the interrupt ends the program before it could matter. The
      // bridge takes ownership of the returned handle, so it gets its own copy.
      const pending = deferred.handle.dup();
      deferred.dispose();
      return pending;
    }
    const id = this.#callsStarted++;
    this.#inFlight.set(id, deferred);
    this.#post({ type: "call", id, tool, input });
    return deferred.handle;
  }

  /** @param {string} level @param {string} line */
  #log(level, line) {
    if (this.#stopped !== undefined) return;
    const entry = level === "log" ? line : `${level}: ${line}`;
    this.#logLines += entry.split("\n").length;
    this.#outputBytes += Buffer.byteLength(entry) + 1;
    if (this.#logLines > this.#job.limits.logLines) return this.#stop(this.#limit("logLines"));
    if (this.#outputBytes > this.#job.limits.outputBytes) return this.#stop(this.#limit("outputBytes"));
    this.#post({ type: "log", entry });
  }

  /**
   * Runs code that enters the engine, metering it here and in the shared meter.
   * @template T @param {() => T} run @returns {T}
   */
  #enter(run) {
    const start = monotonicMs();
    this.#sliceDeadline = Math.min(this.#job.wallDeadline, start + (this.#job.limits.cpuMs - this.#cpuUsed));
    this.#meter[slot.sliceStart] = start;
    try {
      return run();
    } finally {
      const end = monotonicMs();
      this.#meter[slot.sliceStart] = 0;
      this.#cpuUsed += end - start;
      this.#meter[slot.cpuUsed] = this.#cpuUsed;
    }
  }

  /** @returns {boolean} */
  #interrupted() {
    if (this.#stopped !== undefined) return true;
    if (this.#meter[slot.stop] !== 0) {
      this.#stop({ kind: "aborted" });
      return true;
    }
    if (this.#memoryFull()) {
      this.#stop(this.#limit("memoryBytes"));
      return true;
    }
    const now = monotonicMs();
    if (now <= this.#sliceDeadline) return false;
    this.#stop(this.#limit(now >= this.#job.wallDeadline ? "wallMs" : "cpuMs"));
    return true;
  }

  /** @param {string} name @returns {Stop} */
  #limit(name) {
    return { kind: "limit", limit: name };
  }

  /** @param {Stop} reason */
  #stop(reason) {
    this.#stopped ??= reason;
    this.#wake?.();
  }
}
