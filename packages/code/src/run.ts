// runCode: check the options and the source, type-check the program (nothing runs on a type
// error), then run it in a fresh runtime on a warm sandbox worker. Every outcome is a result, never
// an exception.
import type { ClientOptions } from "@toolcat/runtime";
import { checkerFor, forgetChecker } from "./checkers.js";
import { resolveLimits, type CodeLimits } from "./limits.js";
import { loadPackages, secretValues, type CodePackage } from "./packages.js";
import { prepareWorker, takeWorker } from "./pool.js";
import { cleaner } from "./redact.js";
import { failed, type RunCodeResult } from "./result.js";
import { Session } from "./session.js";
import { sourceText } from "./source.js";
import { transpile } from "./typecheck.js";

export interface RunCodeOptions {
  /** The generated packages the program may call, each under its namespace (`CloudSheets`). */
  readonly packages: readonly CodePackage[];
  /** How the host calls tools: the client options (transport, secrets, env, userId) every package's client is made with. */
  readonly caller: ClientOptions;
  /** Overrides of `defaultLimits`. */
  readonly limits?: Partial<CodeLimits>;
  /** Aborts the run: the program stops and calls in flight are cancelled. */
  readonly signal?: AbortSignal;
}

export async function runCode(source: string | Uint8Array, options: RunCodeOptions): Promise<RunCodeResult> {
  const start = performance.now();
  const resolved = resolveLimits(options.limits);
  if (!resolved.ok) return failed({ kind: "input", message: resolved.message });
  const limits = resolved.limits;
  const text = sourceText(source, limits.sourceBytes);
  if (!text.ok) return failed({ kind: "input", message: text.message, ...(/limit/.test(text.message) && { limit: "sourceBytes" as const }) });
  const loaded = loadPackages(options.packages, options.caller);
  if (!loaded.ok) return failed({ kind: "input", message: loaded.message });
  const clean = cleaner(secretValues(loaded.packages, options.caller));
  // A worker starts (if none is ready) while the program is type-checked.
  prepareWorker();

  const declarations = loaded.packages.map((pkg) => pkg.declarations);
  let diagnostics: string[];
  try {
    diagnostics = checkerFor(declarations).check(text.text);
  } catch {
    // The checker's own recursion ran out of stack (absurdly deep nesting); start it afresh next time.
    forgetChecker(declarations);
    return failed({ kind: "type", message: "the program is nested too deeply to type-check", diagnostics: [] });
  }
  if (diagnostics.length > 0) {
    const shown = diagnostics.map(clean);
    return failed({ kind: "type", message: `the program does not type-check; nothing ran:\n${shown.join("\n")}`, diagnostics: shown });
  }

  const wallDeadline = start + limits.wallMs;
  const worker = takeWorker();
  try {
    await worker.ready;
  } catch {
    return failed({ kind: "sandbox", message: "the sandbox worker could not start" });
  }
  const session = new Session({ packages: loaded.packages, limits, wallDeadline, clean, signal: options.signal });
  return session.run(worker, transpile(text.text));
}
