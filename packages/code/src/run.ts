// runCode: check the options (options.ts) and the source, type-check the program (nothing runs on a type
// error), then run it in a fresh runtime on a warm sandbox worker. Every outcome is a result, never
// an exception.
import { checkerFor, forgetChecker } from "./checkers.js";
import { maxReported, moreErrors, type ToolNames } from "./diagnostics.js";
import { limitText, resolveLimits } from "./limits.js";
import { loadPackages, secretValues, type LoadedPackage } from "./packages.js";
import { prepareWorker, takeWorker } from "./pool.js";
import { cleaner } from "./redact.js";
import { readOptions, type RunCodeOptions } from "./options.js";
import { failed, type RunCodeResult } from "./result.js";
import { Session } from "./session.js";
import { sourceText } from "./source.js";
import { transpile } from "./typecheck.js";

export async function runCode(source: string | Uint8Array, options: RunCodeOptions): Promise<RunCodeResult> {
  const read = readOptions(options);
  if (!read.ok) return failed({ kind: "input", message: read.message });
  try {
    return await run(source, read.options);
  } catch {
    // Options are checked above; a package module whose getters throw can still fail here.
    return failed({
      kind: "input",
      message: "a package or the caller could not be read; pass generated package modules and client options",
    });
  }
}

async function run(source: string | Uint8Array, options: RunCodeOptions): Promise<RunCodeResult> {
  const start = performance.now();
  const resolved = resolveLimits(options.limits);
  if (!resolved.ok) return failed({ kind: "input", message: resolved.message });
  const limits = resolved.limits;
  const text = sourceText(source, limits.sourceBytes);
  if (!text.ok)
    return failed({
      kind: "input",
      message: text.message,
      ...(/limit/.test(text.message) && { limit: "sourceBytes" as const }),
    });
  const loaded = loadPackages(options.packages, options.caller);
  if (!loaded.ok) return failed({ kind: "input", message: loaded.message });
  const clean = cleaner(secretValues(loaded.packages, options.caller));
  // A worker starts (if none is ready) while the program is type-checked.
  prepareWorker(limits.memoryBytes);

  const declarations = loaded.packages.map((pkg) => pkg.declarations);
  let diagnostics: string[];
  try {
    diagnostics = checkerFor(declarations).check(text.text, toolNamesOf(loaded.packages));
  } catch {
    // The checker's own recursion ran out of stack (absurdly deep nesting); start it afresh next time.
    forgetChecker(declarations);
    return failed({ kind: "type", message: "the program is nested too deeply to type-check", diagnostics: [] });
  }
  if (diagnostics.length > 0) {
    const shown = diagnostics.slice(0, maxReported).map(clean);
    return failed({
      kind: "type",
      message: `the program does not type-check; nothing ran:\n${shown.join("\n")}${moreErrors(diagnostics.length)}`,
      diagnostics: shown,
    });
  }

  const wallDeadline = start + limits.wallMs;
  const worker = await takeWorker(limits.memoryBytes, Math.max(0, wallDeadline - performance.now()), options.signal);
  if (worker === "timeout") return failed({ kind: "limit", limit: "wallMs", message: limitText("wallMs", limits) });
  if (worker === "aborted") return failed({ kind: "aborted", message: "the run was aborted by its caller" });
  try {
    await worker.ready;
  } catch {
    return failed({ kind: "sandbox", message: "the sandbox worker could not start" });
  }
  const session = new Session({ packages: loaded.packages, limits, wallDeadline, clean, signal: options.signal });
  return session.run(worker, transpile(text.text));
}

/**
 * The full tool name of a namespace function the packages declare (`CloudSheets.writeToCell` →
 * `CloudSheets.WriteToCell`).
 */
function toolNamesOf(packages: readonly LoadedPackage[]): ToolNames {
  const byNamespace = new Map(packages.map((pkg) => [pkg.namespace, pkg.functions]));
  return (namespace, fn) => {
    const functions = byNamespace.get(namespace);
    return functions !== undefined && Object.hasOwn(functions, fn) ? functions[fn] : undefined;
  };
}
