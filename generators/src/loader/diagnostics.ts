// Spec problems, each tied to file:line:col, collected so one run reports every problem at once.
import { editDistance } from "../../../packages/runtime/src/internal/edit-distance.ts";

/** Every code the loader reports; the table test checks each has a case. */
export const diagnosticCodes = [
  "yaml-syntax",
  "yaml-tag",
  "yaml-alias",
  "complex-key",
  "too-deep",
  "file-too-large",
  "invalid-encoding",
  "forbidden-character",
  "duplicate-key",
  "unknown-key",
  "missing-key",
  "wrong-type",
  "invalid-value",
  "unknown-type",
  "unknown-format",
  "invalid-identifier",
  "reserved-name",
  "duplicate-tool",
  "duplicate-parameter",
  "duplicate-secret",
  "duplicate-object-key",
  "duplicate-enum-value",
  "duplicate-server",
  "execute-without-mode",
  "reserved-parameter",
  "invalid-range",
  "constraint-mismatch",
  "invalid-default",
  "undeclared-secret",
  "undeclared-scope",
  "unknown-tool",
  "unknown-parameter",
  "invalid-rule",
  "limit-mismatch",
  "name-clash",
  "file-name-mismatch",
  "missing-catalog",
  "missing-file",
  "not-a-regular-file",
  "outside-workspace",
  "not-spec-text",
  "invalid-request-body",
  "request-body-cycle",
  "request-body-too-large",
  "duplicate-synonym",
  "invalid-synonym",
] as const;

export type DiagnosticCode = (typeof diagnosticCodes)[number];

export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly hint?: string;
  /** The offending source line, for a code frame. */
  readonly excerpt?: string;
}

/** `file:line:col error code: message`, then with `frame` the source line and a caret, then the hint. */
export function formatDiagnostic(d: Diagnostic, frame = false): string {
  const lines = [`${printable(d.file)}:${d.line}:${d.col} error ${d.code}: ${printable(d.message)}`];
  if (frame && d.excerpt !== undefined) lines.push(...codeFrame(d.excerpt, d.line, d.col));
  if (d.hint !== undefined) lines.push(`  hint: ${printable(d.hint)}`);
  return lines.join("\n");
}

/** Spec text quoted in a message is shown with controls escaped, so it cannot drive the terminal. */
export function printable(text: string): string {
  return text.replace(
    /(?!\t)[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu,
    (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`,
  );
}

const frameWidth = 100;

function codeFrame(excerpt: string, line: number, col: number): string[] {
  // A long line is shown as a window around the column; a control shows as U+FFFD so the caret stays aligned.
  const start = Math.max(0, Math.min(col - 1 - frameWidth / 2, excerpt.length - frameWidth));
  const shown = [...excerpt.slice(start, start + frameWidth)].map((c) => (printable(c) === c ? c : "\uFFFD")).join("");
  const gutter = String(line).padStart(5);
  const pad = shown.slice(0, col - 1 - start).replace(/[^\t]/g, " ");
  return [
    `${gutter} | ${start > 0 ? "…" : ""}${shown}`,
    `${" ".repeat(gutter.length)} | ${start > 0 ? " " : ""}${pad}^`,
  ];
}

/** Thrown when any spec has an error; carries all of them, in file and line order. */
export class SpecError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const sorted = [...diagnostics].sort(compareDiagnostics);
    super(
      `${sorted.length} spec error${sorted.length === 1 ? "" : "s"}:\n` +
        `${sorted.map((d) => formatDiagnostic(d)).join("\n")}`,
    );
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
