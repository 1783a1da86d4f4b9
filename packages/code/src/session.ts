// Step 2 of a run, on the host: the program runs in a sandbox worker (pool.ts, sandbox.js) and this
// side does what needs the host. Each tool call the worker asks for goes through the package's client
// (validator, secrets, transport) and is answered by message; every log line and the value are
// redacted here. The deadlines are this thread's own timers, so a worker stuck inside one built-in
// cannot delay them: at the wall deadline, when the shared meter shows the CPU limit used, or on
// abort, the run ends at once with the calls and logs so far, and the worker is stopped or ended.
import { dispatch, type Answer } from "./dispatch.js";
import { limitText, type CodeLimits, type LimitName } from "./limits.js";
import { cpuUsed, monotonicMs } from "./meter.js";
import type { LoadedPackage } from "./packages.js";
import type { FromWorker, SandboxWorker, WorkerStop } from "./pool.js";
import { cleanJson, type Clean } from "./redact.js";
import type { CodeCall, CodeError, JsonValue, RunCodeResult } from "./result.js";

export interface SessionOptions {
  readonly packages: readonly LoadedPackage[];
  readonly limits: CodeLimits;
  /** performance.now() value at which the wall time limit is reached. */
  readonly wallDeadline: number;
  readonly clean: Clean;
  readonly signal: AbortSignal | undefined;
}

interface InFlight {
  readonly name: string;
  readonly started: number;
}

export class Session {
  readonly #options: SessionOptions;
  readonly #tools: ReadonlyMap<string, LoadedPackage>;
  readonly #logs: string[] = [];
  readonly #calls: CodeCall[] = [];
  readonly #inFlight = new Map<number, InFlight>();
  readonly #abort = new AbortController();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #onAbort = (): void => this.#stop({ kind: "aborted", message: "the run was aborted by its caller" });
  #worker: SandboxWorker | undefined;
  #resolve: ((result: RunCodeResult) => void) | undefined;

  constructor(options: SessionOptions) {
    this.#options = options;
    this.#tools = new Map(
      options.packages.flatMap((pkg) => Object.values(pkg.functions).map((tool) => [tool, pkg] as const)),
    );
  }

  /** Runs the compiled program on a ready worker; never rejects. */
  run(worker: SandboxWorker, javascript: string): Promise<RunCodeResult> {
    const { limits, wallDeadline, signal, packages } = this.#options;
    return new Promise((resolve) => {
      this.#resolve = resolve;
      this.#worker = worker;
      const remaining = Math.max(0, wallDeadline - performance.now());
      worker.start(
        {
          javascript,
          packages: packages.map((pkg) => [pkg.namespace, Object.entries(pkg.functions)]),
          limits: {
            cpuMs: limits.cpuMs,
            memoryBytes: limits.memoryBytes,
            toolCalls: limits.toolCalls,
            outputBytes: limits.outputBytes,
            logLines: limits.logLines,
          },
          wallDeadline: monotonicMs() + remaining,
        },
        {
          message: (message) => this.#message(message),
          exited: (outOfMemory) => this.#end(outOfMemory ? this.#limitError("memoryBytes") : crashed),
        },
      );
      this.#after(remaining, () => this.#stop(this.#limitError("wallMs")));
      this.#watchCpu(limits.cpuMs);
      if (signal?.aborted) this.#onAbort();
      signal?.addEventListener("abort", this.#onAbort);
    });
  }

  /** Looks at the meter when the CPU limit could first be used up, and again until it is or the run ends. */
  #watchCpu(waitMs: number): void {
    this.#after(waitMs, () => {
      const used = this.#worker === undefined ? 0 : cpuUsed(this.#worker.meter);
      if (used >= this.#options.limits.cpuMs) this.#stop(this.#limitError("cpuMs"));
      else this.#watchCpu(this.#options.limits.cpuMs - used);
    });
  }

  #after(ms: number, run: () => void): void {
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        run();
      },
      Math.max(0, ms),
    );
    this.#timers.add(timer);
  }

  #message(message: FromWorker): void {
    // A call timed out by the deadline can be answered a moment before this thread's wall timer
    // fires; what the worker reports from then on is past the limit, not the program's outcome.
    if (performance.now() >= this.#options.wallDeadline) return this.#stop(this.#limitError("wallMs"));
    if (message.type === "call") return this.#call(message.id, message.tool, message.input);
    if (message.type === "log") return void this.#logs.push(this.#options.clean(message.entry));
    if (message.error !== undefined) return this.#end(this.#error(message.error));
    this.#end(undefined, message.value === undefined ? undefined : cleanJson(message.value, this.#options.clean));
  }

  #call(id: number, name: string, input: string): void {
    const pkg = this.#tools.get(name);
    if (pkg === undefined || this.#resolve === undefined) return;
    const call: InFlight = { name, started: performance.now() };
    this.#inFlight.set(id, call);
    const timeoutMs = Math.max(1, Math.ceil(this.#options.wallDeadline - performance.now()));
    void dispatch(pkg.client, name, input, { signal: this.#abort.signal, timeoutMs }, this.#options.clean).then(
      (answer) => this.#answer(id, call, answer),
    );
  }

  #answer(id: number, call: InFlight, answer: Answer): void {
    if (this.#resolve === undefined) return;
    if (performance.now() >= this.#options.wallDeadline) return this.#stop(this.#limitError("wallMs"));
    this.#inFlight.delete(id);
    this.#calls.push({ name: call.name, ok: answer.ok, ms: Math.round(performance.now() - call.started) });
    this.#worker?.answer(id, answer.json);
  }

  #error(stop: WorkerStop): CodeError {
    switch (stop.kind) {
      case "limit":
        return this.#limitError(stop.limit ?? "cpuMs");
      case "runtime":
        return { kind: "runtime", message: this.#options.clean(stop.message ?? "the program failed") };
      case "never-settled":
        return {
          kind: "never-settled",
          message: "the program awaits a promise that nothing can settle (no tool call is in flight)",
        };
      case "aborted":
        return { kind: "aborted", message: "the run was stopped by the host" };
      case "sandbox":
        return {
          kind: "sandbox",
          message:
            "the sandbox failed while running the program (it recursed too deeply); the next run gets a fresh sandbox",
        };
    }
  }

  #limitError(name: LimitName): CodeError {
    return { kind: "limit", limit: name, message: limitText(name, this.#options.limits) };
  }

  /** Ends the run from this side: the worker is told to stop, and ended if it does not. */
  #stop(error: CodeError): void {
    if (this.#resolve === undefined) return;
    this.#worker?.stop();
    this.#end(error);
  }

  #end(error: CodeError | undefined, value?: JsonValue): void {
    const resolve = this.#resolve;
    if (resolve === undefined) return;
    this.#resolve = undefined;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#options.signal?.removeEventListener("abort", this.#onAbort);
    this.#abort.abort();
    const now = performance.now();
    const calls = [
      ...this.#calls,
      ...[...this.#inFlight.values()].map((call) => ({
        name: call.name,
        ok: false,
        ms: Math.round(now - call.started),
      })),
    ];
    const logs = [...this.#logs];
    if (error !== undefined) return resolve({ ok: false, logs, calls, error });
    resolve({ ok: true, ...(value !== undefined && { value }), logs, calls });
  }
}

const crashed: CodeError = {
  kind: "sandbox",
  message: "the sandbox worker stopped while running the program; the next run gets a fresh one",
};
