// runCode: check the options (options.ts) and the source, type-check the program (nothing runs on a type
// error), then run it in a fresh runtime on a warm sandbox worker. Every outcome is a result, never
// an exception.
import { checkProgram, type CheckOutcome } from "./check.js";
import type { ToolTable } from "./checker-service.js";
import { maxReported, moreErrors } from "./diagnostics.js";
import { limitText, resolveLimits, type CodeLimits } from "./limits.js";
import { loadPackages, secretValues, type LoadedPackage } from "./packages.js";
import { prepareWorker, takeWorker } from "./pool.js";
import { cleaner } from "./redact.js";
import { readOptions, type RunCodeOptions } from "./options.js";
import { failed, type RunCodeResult } from "./result.js";
import { Session } from "./session.js";
import { sourceText } from "./source.js";

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

  const wallDeadline = start + limits.wallMs;
  const declarations = loaded.packages.map((pkg) => pkg.declarations);
  const tools = toolTable(loaded.packages);
  const checked = await checkProgram(
    { key: setKey(declarations, tools), texts: { declarations, tools }, source: text.text },
    Math.max(0, wallDeadline - performance.now()),
    options.signal,
  );
  if (checked.kind !== "checked") return unfinished(checked.kind, limits);
  const { diagnostics, javascript } = checked;
  if (diagnostics.length > 0 || javascript === undefined) {
    const shown = diagnostics.slice(0, maxReported).map(clean);
    return failed({
      kind: "type",
      message: `the program does not type-check; nothing ran:\n${shown.join("\n")}${moreErrors(diagnostics.length)}`,
      diagnostics: shown,
    });
  }

  const worker = await takeWorker(limits.memoryBytes, Math.max(0, wallDeadline - performance.now()), options.signal);
  if (worker === "timeout" || worker === "aborted") return unfinished(worker, limits);
  try {
    await worker.ready;
  } catch {
    return failed({ kind: "sandbox", message: "the sandbox worker could not start" });
  }
  const session = new Session({ packages: loaded.packages, limits, wallDeadline, clean, signal: options.signal });
  return session.run(worker, javascript);
}

/** Each namespace's functions with their full tool names (`writeToCell` → `CloudSheets.WriteToCell`). */
function toolTable(packages: readonly LoadedPackage[]): ToolTable {
  return packages.map((pkg) => [pkg.namespace, Object.entries(pkg.functions)]);
}

/** Equal keys for equal declarations and tools: the checker thread keeps one warm checker per key. */
function setKey(declarations: readonly string[], tools: ToolTable): string {
  return `${declarations.join("\u0000")}\u0000${JSON.stringify(tools)}`;
}

/** A run that ended before its program ran: out of time waiting, aborted, or a check that gave no diagnostics. */
function unfinished(kind: Exclude<CheckOutcome["kind"], "checked">, limits: CodeLimits): RunCodeResult {
  switch (kind) {
    case "timeout":
      return failed({ kind: "limit", limit: "wallMs", message: limitText("wallMs", limits) });
    case "aborted":
      return failed({ kind: "aborted", message: "the run was aborted by its caller" });
    case "too-deep":
      return failed({ kind: "type", message: "the program is nested too deeply to type-check", diagnostics: [] });
    case "out-of-memory":
      return failed({
        kind: "type",
        message: "the program's types are too large to check (the checker ran out of memory); nothing ran",
        diagnostics: [],
      });
    case "failed":
      return failed({
        kind: "type",
        message: "the type checker failed on this program, or could not start; nothing ran",
        diagnostics: [],
      });
  }
}
