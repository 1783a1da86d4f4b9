// How a run's problems are printed: for people (with a code frame), as JSON for editors and
// scripts, and as GitHub Actions annotations when running there.
import { formatDiagnostic, type Diagnostic } from "../loader/diagnostics.ts";

export type Env = Readonly<Record<string, string | undefined>>;

export interface Out {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** GitHub reads workflow commands from stdout; it is set to "true" in every Actions run. */
export function inGitHubActions(env: Env): boolean {
  return env["GITHUB_ACTIONS"] === "true";
}

export function printDiagnostics(out: Out, env: Env, diagnostics: readonly Diagnostic[], outcome: string): void {
  out.stderr(`${diagnostics.map((d) => formatDiagnostic(d, true)).join("\n")}\n${countOf(diagnostics)}${outcome}\n`);
  if (inGitHubActions(env)) for (const d of diagnostics) out.stdout(annotation(d));
}

/**
 * A failure that is not a spec error, as one line: its message, never a stack trace, which is
 * for toolcat's own developers (TOOLCAT_DEBUG=1 adds it).
 */
export function failureText(error: unknown, env: Env): string {
  const message = error instanceof Error ? error.message : String(error);
  const stack = env["TOOLCAT_DEBUG"] === "1" && error instanceof Error ? `\n${error.stack ?? ""}` : "";
  return `${message}${stack}`;
}

export function countOf(diagnostics: readonly Diagnostic[]): string {
  const files = new Set(diagnostics.map((d) => d.file)).size;
  return `${diagnostics.length} error${diagnostics.length === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}`;
}

/** The JSON form of a diagnostic: every field, no code frame. */
export function diagnosticJson(d: Diagnostic): object {
  return {
    file: d.file,
    line: d.line,
    col: d.col,
    code: d.code,
    message: d.message,
    ...(d.hint !== undefined && { hint: d.hint }),
  };
}

export function printJson(out: Out, value: object): void {
  out.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/** `::error file=…,line=…,col=…,title=…::message`, escaped as the workflow command syntax requires. */
export function annotation(d: {
  file: string;
  line?: number;
  col?: number;
  code: string;
  message: string;
  hint?: string;
}): string {
  const properties = [
    `file=${escapeProperty(d.file)}`,
    ...(d.line !== undefined ? [`line=${d.line}`] : []),
    ...(d.col !== undefined ? [`col=${d.col}`] : []),
    `title=${escapeProperty(d.code)}`,
  ];
  const message = d.hint === undefined ? d.message : `${d.message}\n${d.hint}`;
  return `::error ${properties.join(",")}::${escapeData(message)}\n`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
