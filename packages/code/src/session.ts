// Step 2 of a run: one QuickJS runtime and context for one program, driven from the host. The
// program's only way out is the host's `call` and `log`; time inside the engine is metered slice
// by slice, and every limit stops the run through the interrupt handler, which the program cannot
// catch. Nothing the program makes is read by the host except strings.
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from "quickjs-emscripten";
import { dispatch, type Answer } from "./dispatch.js";
import { limitText, type CodeLimits, type LimitName } from "./limits.js";
import type { LoadedPackage } from "./packages.js";
import { prelude } from "./prelude.js";
import { cleanJson, type Clean } from "./redact.js";
import type { CodeCall, CodeError, JsonValue, RunCodeResult } from "./result.js";

/** The engine's own stack limit: deep enough for ordinary recursion, shallow enough for the host's. */
const engineStackBytes = 256 * 1024;

/** Pending jobs run per slice before the host looks at the clock and its own events again. */
const jobsPerSlice = 1_000;

interface InFlight {
  readonly name: string;
  readonly started: number;
  readonly deferred: QuickJSDeferredPromise;
}

export interface SessionOptions {
  readonly packages: readonly LoadedPackage[];
  readonly limits: CodeLimits;
  /** performance.now() value at which the wall time limit is reached. */
  readonly wallDeadline: number;
  readonly clean: Clean;
  readonly signal: AbortSignal | undefined;
}

export class Session {
  readonly #options: SessionOptions;
  readonly #tools: ReadonlyMap<string, LoadedPackage>;
  readonly #logs: string[] = [];
  readonly #calls: CodeCall[] = [];
  readonly #inFlight = new Set<InFlight>();
  readonly #abort = new AbortController();
  #outputBytes = 0;
  #logLines = 0;
  #cpuUsed = 0;
  #sliceDeadline = Number.POSITIVE_INFINITY;
  #stopped: CodeError | undefined;
  #finished = false;
  #wake: (() => void) | undefined;
  #engineBroken = false;

  constructor(options: SessionOptions) {
    this.#options = options;
    this.#tools = new Map(options.packages.flatMap((pkg) => Object.values(pkg.functions).map((tool) => [tool, pkg] as const)));
  }

  /** Whether disposing this run's runtime failed: the module is then unusable and must be dropped. */
  get engineBroken(): boolean {
    return this.#engineBroken;
  }

  /** Runs the compiled program in a new runtime of the module; never throws for anything the program does. */
  async run(module: QuickJSWASMModule, javascript: string): Promise<RunCodeResult> {
    const runtime = module.newRuntime();
    runtime.setMemoryLimit(this.#options.limits.memoryBytes);
    runtime.setMaxStackSize(engineStackBytes);
    runtime.setInterruptHandler(() => this.#interrupted());
    const context = runtime.newContext();
    const onAbort = (): void => this.#stop({ kind: "aborted", message: "the run was aborted by its caller" });
    this.#options.signal?.addEventListener("abort", onAbort);
    const handles: QuickJSHandle[] = [];
    try {
      return this.#result(await this.#execute(context, runtime, javascript, handles));
    } finally {
      this.#finished = true;
      this.#abort.abort();
      this.#options.signal?.removeEventListener("abort", onAbort);
      try {
        for (const call of this.#inFlight) call.deferred.dispose();
        for (const handle of handles) if (handle.alive) handle.dispose();
        context.dispose();
        runtime.dispose();
      } catch {
        // QuickJS can leak objects on its out-of-memory paths, and then aborts when the runtime is
        // freed: the run's result stands, the module is dropped.
        this.#engineBroken = true;
      }
    }
  }

  async #execute(context: QuickJSContext, runtime: QuickJSRuntime, javascript: string, handles: QuickJSHandle[]): Promise<Outcome> {
    const helpers = this.#install(context, handles);
    const main = this.#enter(() => context.evalCode(`${javascript}\n__program();`, "program.js"));
    if (main.error !== undefined) return { error: this.#thrown(context, helpers, main.error) };
    handles.push(main.value);
    return this.#settle(runtime, context, helpers, main.value);
  }

  /** Evaluates the prelude with the host's two functions; returns its `exportValue` and `describe`. */
  #install(context: QuickJSContext, handles: QuickJSHandle[]): { exportValue: QuickJSHandle; describe: QuickJSHandle } {
    const host = context.newObject();
    const call = context.newFunction("call", (tool, input) => this.#call(context, context.getString(tool), context.getString(input)));
    const log = context.newFunction("log", (level, line) => this.#log(context.getString(level), context.getString(line)));
    context.setProp(host, "call", call);
    context.setProp(host, "log", log);
    const packages = context.newString(JSON.stringify(this.#options.packages.map((pkg) => [pkg.namespace, Object.entries(pkg.functions)])));
    const factory = context.unwrapResult(context.evalCode(prelude, "prelude.js"));
    const helpers = context.unwrapResult(this.#enter(() => context.callFunction(factory, context.undefined, host, packages)));
    handles.push(host, call, log, packages, factory, helpers);
    const exportValue = context.getProp(helpers, "exportValue");
    const describe = context.getProp(helpers, "describe");
    handles.push(exportValue, describe);
    return { exportValue, describe };
  }

  /** Runs jobs and waits for tool answers until the program's promise settles or the run stops. */
  async #settle(runtime: QuickJSRuntime, context: QuickJSContext, helpers: Helpers, main: QuickJSHandle): Promise<Outcome> {
    for (;;) {
      while (this.#stopped === undefined && runtime.hasPendingJob()) {
        const ran = this.#enter(() => runtime.executePendingJobs(jobsPerSlice));
        if (ran.error !== undefined) this.#engineError(context, helpers, ran.error);
      }
      if (this.#stopped !== undefined) return {};
      const state = context.getPromiseState(main);
      if (state.type === "fulfilled") return this.#export(context, helpers, state.value);
      if (state.type === "rejected") return { error: this.#thrown(context, helpers, state.error) };
      if (this.#inFlight.size === 0) {
        return { error: { kind: "never-settled", message: "the program awaits a promise that nothing can settle (no tool call is in flight)" } };
      }
      await this.#nextEvent();
    }
  }

  /** Resolves on a tool answer, the wall time limit or an abort, whichever comes first. */
  async #nextEvent(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((resolve) => {
      this.#wake = resolve;
      timer = setTimeout(() => {
        this.#limit("wallMs");
        resolve();
      }, Math.max(0, this.#options.wallDeadline - performance.now()));
    });
    clearTimeout(timer);
    this.#wake = undefined;
  }

  /** The returned value as JSON text made inside the sandbox, checked for size, parsed and redacted here. */
  #export(context: QuickJSContext, helpers: Helpers, value: QuickJSHandle): Outcome {
    const remaining = this.#options.limits.outputBytes - this.#outputBytes;
    const length = context.newNumber(remaining);
    const exported = this.#enter(() => context.callFunction(helpers.exportValue, context.undefined, value, length));
    length.dispose();
    value.dispose();
    if (exported.error !== undefined) return { error: this.#thrown(context, helpers, exported.error) };
    const kind = context.typeof(exported.value);
    const json = kind === "string" ? context.getString(exported.value) : "";
    exported.value.dispose();
    if (kind !== "string" || Buffer.byteLength(json) > remaining) {
      this.#limit("outputBytes");
      return {};
    }
    return json === "" ? {} : { value: cleanJson(json, this.#options.clean) };
  }

  /** What the program threw, as a runtime error; a stop or a memory failure takes precedence. */
  #thrown(context: QuickJSContext, helpers: Helpers, error: QuickJSHandle): CodeError {
    const described = this.#enter(() => context.callFunction(helpers.describe, context.undefined, error));
    error.dispose();
    const message = described.error === undefined ? context.getString(described.value) : "the program threw a value that cannot be described";
    (described.error ?? described.value).dispose();
    if (this.#stopped !== undefined) return this.#stopped;
    if (/out of memory/i.test(message)) return this.#limitError("memoryBytes");
    return { kind: "runtime", message: this.#options.clean(message) };
  }

  /** A job that failed outside any promise: the engine stopped it (interrupt, memory). */
  #engineError(context: QuickJSContext, helpers: Helpers, error: QuickJSHandle): void {
    const reason = this.#thrown(context, helpers, error);
    this.#stop(reason.kind === "runtime" ? { ...reason, message: `a pending job failed: ${reason.message}` } : reason);
  }

  #call(context: QuickJSContext, name: string, input: string): QuickJSHandle {
    const pkg = this.#tools.get(name);
    if (this.#stopped === undefined && pkg !== undefined && this.#calls.length + this.#inFlight.size >= this.#options.limits.toolCalls) {
      this.#limit("toolCalls");
    }
    const deferred = context.newPromise();
    if (this.#stopped !== undefined || pkg === undefined) {
      // A promise that never settles: the interrupt ends the program before it could matter. The
      // bridge takes ownership of the returned handle, so it gets its own copy.
      const pending = deferred.handle.dup();
      deferred.dispose();
      return pending;
    }
    const call: InFlight = { name, started: performance.now(), deferred };
    this.#inFlight.add(call);
    const timeoutMs = Math.max(1, Math.ceil(this.#options.wallDeadline - performance.now()));
    void dispatch(pkg.client, name, input, { signal: this.#abort.signal, timeoutMs }, this.#options.clean).then((answer) => this.#answer(context, call, answer));
    return deferred.handle;
  }

  #answer(context: QuickJSContext, call: InFlight, answer: Answer): void {
    if (this.#finished) return;
    this.#inFlight.delete(call);
    this.#calls.push({ name: call.name, ok: answer.ok, ms: Math.round(performance.now() - call.started) });
    this.#enter(() => {
      const text = context.newString(answer.json);
      call.deferred.resolve(text);
      text.dispose();
    });
    call.deferred.dispose();
    this.#wake?.();
  }

  #log(level: string, line: string): void {
    if (this.#stopped !== undefined) return;
    const entry = level === "log" ? line : `${level}: ${line}`;
    this.#logLines += entry.split("\n").length;
    this.#outputBytes += Buffer.byteLength(entry) + 1;
    if (this.#logLines > this.#options.limits.logLines) return this.#limit("logLines");
    if (this.#outputBytes > this.#options.limits.outputBytes) return this.#limit("outputBytes");
    this.#logs.push(this.#options.clean(entry));
  }

  /** Runs host code that enters the engine, metering the time and arming the interrupt's deadline. */
  #enter<T>(run: () => T): T {
    const start = performance.now();
    this.#sliceDeadline = Math.min(this.#options.wallDeadline, start + (this.#options.limits.cpuMs - this.#cpuUsed));
    try {
      return run();
    } finally {
      this.#cpuUsed += performance.now() - start;
    }
  }

  #interrupted(): boolean {
    if (this.#stopped !== undefined) return true;
    const now = performance.now();
    if (now <= this.#sliceDeadline) return false;
    this.#limit(now >= this.#options.wallDeadline ? "wallMs" : "cpuMs");
    return true;
  }

  #limitError(name: LimitName): CodeError {
    return { kind: "limit", limit: name, message: limitText(name, this.#options.limits) };
  }

  #limit(name: LimitName): void {
    this.#stop(this.#limitError(name));
  }

  #stop(error: CodeError): void {
    this.#stopped ??= error;
    this.#abort.abort();
    this.#wake?.();
  }

  #result(outcome: Outcome): RunCodeResult {
    const calls = [...this.#calls, ...[...this.#inFlight].map((call) => ({ name: call.name, ok: false, ms: Math.round(performance.now() - call.started) }))];
    const error = this.#stopped ?? outcome.error;
    const logs = [...this.#logs];
    if (error !== undefined) return { ok: false, logs, calls, error };
    return { ok: true, ...(outcome.value !== undefined && { value: outcome.value }), logs, calls };
  }
}

interface Helpers {
  readonly exportValue: QuickJSHandle;
  readonly describe: QuickJSHandle;
}

interface Outcome {
  readonly value?: JsonValue;
  readonly error?: CodeError;
}
