// The one shape a run returns, whatever happened: JSON-safe (it is built from JSON text and plain
// strings only) and redacted, so it can go straight back to a model.
import type { LimitName } from "./limits.js";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface CodeCall {
  /** Full tool name (`CloudSheets.GetSpreadsheet`). */
  readonly name: string;
  readonly ok: boolean;
  readonly ms: number;
}

export type CodeErrorKind =
  /** The options or the source could not be used (size, encoding, unknown limit, a package without code mode). */
  | "input"
  /** The program does not type-check against the declarations; nothing ran. */
  | "type"
  /** The program threw, or its returned value is not JSON. */
  | "runtime"
  /** A limit was reached; `limit` names it. */
  | "limit"
  /** The program's promise can never settle: it awaits something no tool call will resolve. */
  | "never-settled"
  /** The run was aborted by the caller's signal. */
  | "aborted"
  /** The sandbox itself failed (the engine overflowed the host's stack); the next run gets a new engine. */
  | "sandbox";

export interface CodeError {
  readonly kind: CodeErrorKind;
  readonly message: string;
  /** For `type`: each diagnostic as `line:col message`, lines and columns of the source, 1-based. */
  readonly diagnostics?: readonly string[];
  readonly limit?: LimitName;
}

export interface RunCodeResult {
  readonly ok: boolean;
  /** What the program returned, as JSON would carry it; absent when it returned nothing or failed. */
  readonly value?: JsonValue;
  readonly logs: readonly string[];
  readonly calls: readonly CodeCall[];
  readonly error?: CodeError;
}

export function failed(error: CodeError, logs: readonly string[] = [], calls: readonly CodeCall[] = []): RunCodeResult {
  return { ok: false, logs, calls, error };
}
