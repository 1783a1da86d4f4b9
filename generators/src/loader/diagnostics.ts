// Spec problems, each tied to file:line:col, collected so one run reports every problem at once.

export type DiagnosticCode =
  | "yaml-syntax"
  | "duplicate-key"
  | "unknown-key"
  | "missing-key"
  | "wrong-type"
  | "invalid-value"
  | "unknown-type"
  | "unknown-format"
  | "invalid-identifier"
  | "duplicate-tool"
  | "duplicate-parameter"
  | "duplicate-enum-value"
  | "duplicate-server"
  | "execute-without-mode"
  | "reserved-parameter"
  | "invalid-range"
  | "constraint-mismatch"
  | "invalid-default"
  | "undeclared-secret"
  | "undeclared-scope"
  | "unknown-tool"
  | "unknown-parameter"
  | "invalid-rule"
  | "limit-mismatch"
  | "name-clash"
  | "file-name-mismatch"
  | "missing-catalog"
  | "missing-file";

export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly hint?: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  const head = `${d.file}:${d.line}:${d.col} error ${d.code}: ${d.message}`;
  return d.hint === undefined ? head : `${head}\n  hint: ${d.hint}`;
}

/** Thrown when any spec has an error; carries all of them, in file and line order. */
export class SpecError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const sorted = [...diagnostics].sort(compareDiagnostics);
    super(`${sorted.length} spec error${sorted.length === 1 ? "" : "s"}:\n${sorted.map(formatDiagnostic).join("\n")}`);
    this.name = "SpecError";
    this.diagnostics = sorted;
  }
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.col - b.col;
}

/** Closest candidate by edit distance, for "did you mean" hints on typos. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
