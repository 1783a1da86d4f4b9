// A type error as a model fixing its program needs it: TypeScript's whole message chain and related
// information ("The expected type comes from property 'spreadsheet_id' which is declared here …"),
// the tool and parameter by name when the error is in a tool call's input, and the program's line
// with a caret under the column. Positions are the source's, 1-based.
import ts from "typescript";

/**
 * At most this many errors are reported. Each spans several lines (chain, related information,
 * source line and caret); a program with more usually has one mistake repeated or cascading, and
 * a model fixes the first few and checks again. Five keeps a result to a few hundred tokens.
 */
export const maxReported = 5;

/** A function of a package's namespace (`CloudSheets.writeToCell`) → its full tool name, or undefined. */
export type ToolNames = (namespace: string, fn: string) => string | undefined;

/** Where the program's source sits in the checked file: lines of wrapper before it, and its line count. */
export interface Placement {
  readonly prefixLines: number;
  readonly lastLine: number;
}

/**
 * The diagnostics, most useful first (syntax errors, which make the rest unreliable, then the rest
 * in source order), duplicates dropped, formatted; the caller keeps the first `maxReported`.
 */
export function formatDiagnostics(
  syntactic: readonly ts.Diagnostic[],
  semantic: readonly ts.Diagnostic[],
  toolNames: ToolNames,
  placement: Placement,
): string[] {
  const byPosition = (a: ts.Diagnostic, b: ts.Diagnostic) => (a.start ?? 0) - (b.start ?? 0);
  const texts = [...[...syntactic].sort(byPosition), ...[...semantic].sort(byPosition)].map((d) =>
    format(d, toolNames, placement),
  );
  return [...new Set(texts)];
}

/** `reported` errors of `total`, as the result's message says them. */
export function moreErrors(total: number): string {
  return total > maxReported
    ? `\n(${total - maxReported} more error${total - maxReported === 1 ? "" : "s"} not shown; fix these first)`
    : "";
}

function format(diagnostic: ts.Diagnostic, toolNames: ToolNames, placement: Placement): string {
  const chain = indent(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"), "  ");
  const { file, start } = diagnostic;
  if (file === undefined || start === undefined) return `1:1 ${chain}`;
  const at = position(file, start, placement);
  const related = (diagnostic.relatedInformation ?? []).map((info) => {
    const where =
      info.file === file && info.start !== undefined ? `${positionText(position(file, info.start, placement))} ` : "";
    return `  ${where}${indent(ts.flattenDiagnosticMessageText(info.messageText, "\n"), "    ")}`;
  });
  const call = toolCall(file, start, toolNames);
  const parameter = call?.parameter ?? (call === undefined ? undefined : declaredProperty(diagnostic));
  const subject =
    call === undefined
      ? ""
      : `${call.tool}: ${parameter === undefined ? "" : `parameter ${JSON.stringify(parameter)}: `}`;
  return [`${positionText(at)} ${subject}${chain}`, ...related, ...frame(file, start, at, placement)].join("\n");
}

interface Position {
  /** 1-based line of the source. */
  readonly line: number;
  /** 1-based column of the source. */
  readonly col: number;
}

function position(file: ts.SourceFile, start: number, placement: Placement): Position {
  const { line, character } = file.getLineAndCharacterOfPosition(start);
  // Errors the wrapper's own lines carry (an unclosed brace) are reported at the source's edges.
  const sourceLine = Math.min(Math.max(line + 1 - placement.prefixLines, 1), placement.lastLine);
  return { line: sourceLine, col: line < placement.prefixLines ? 1 : character + 1 };
}

const positionText = (at: Position): string => `${at.line}:${at.col}`;

function indent(text: string, by: string): string {
  return text.split("\n").join(`\n${by}`);
}

/** Longest stretch of a source line shown around the column; a minified line is cut to it. */
const frameWidth = 120;

/** The program's line at the error, and a caret under its column (tabs kept so it lines up). */
function frame(file: ts.SourceFile, start: number, at: Position, placement: Placement): string[] {
  const { line, character } = file.getLineAndCharacterOfPosition(start);
  if (line < placement.prefixLines || line >= placement.prefixLines + placement.lastLine) return [];
  const starts = file.getLineStarts();
  const text = file.text.slice(starts[line], starts[line + 1] ?? file.text.length).replace(/[\r\n\u2028\u2029]+$/, "");
  let from = Math.max(0, Math.min(character - frameWidth / 2, text.length - frameWidth));
  let to = from + frameWidth;
  // Never cut a surrogate pair in two.
  if (isLowSurrogate(text, from)) from -= 1;
  if (isLowSurrogate(text, to)) to += 1;
  const shown = (from > 0 ? "…" : "") + text.slice(from, to) + (to < text.length ? "…" : "");
  // One space per character (code point) before the column, tabs kept, so the caret lines up.
  const lead =
    (from > 0 ? " " : "") + Array.from(text.slice(from, character), (c) => (c === "\t" ? "\t" : " ")).join("");
  const gutter = String(at.line);
  return [`  ${gutter} | ${shown}`, `  ${" ".repeat(gutter.length)} | ${lead}^`];
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The tool call whose input holds `start`, and the input's top-level property there, if any. */
function toolCall(
  file: ts.SourceFile,
  start: number,
  toolNames: ToolNames,
): { tool: string; parameter?: string } | undefined {
  const path = nodesAt(file, start);
  for (let index = path.length - 1; index >= 0; index--) {
    const node = path[index];
    if (node === undefined || !ts.isCallExpression(node)) continue;
    const callee = node.expression;
    if (start < callee.end) continue;
    if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return undefined;
    // An error in the arguments of a call that is not a tool's is that call's, not the input's.
    const tool = toolNames(callee.expression.text, callee.name.text);
    if (tool === undefined) return undefined;
    const input = node.arguments[0];
    const property =
      input !== undefined && ts.isObjectLiteralExpression(input) ? path[path.indexOf(input) + 1] : undefined;
    const name = property !== undefined && ts.isObjectLiteralElementLike(property) ? property.name : undefined;
    const parameter =
      name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name))
        ? name.text
        : undefined;
    return { tool, ...(parameter !== undefined && { parameter }) };
  }
  return undefined;
}

/** The nodes from the file down to the innermost one holding `start`. */
function nodesAt(file: ts.SourceFile, start: number): ts.Node[] {
  const path: ts.Node[] = [];
  let node: ts.Node | undefined = file;
  while (node !== undefined) {
    path.push(node);
    node = ts.forEachChild(node, (child) => (child.getStart(file) <= start && start < child.end ? child : undefined));
  }
  return path;
}

/**
 * The property a related location names in the declarations ("'row' is declared here"), for an
 * error on the whole input (a required parameter missing): the text at that location.
 */
function declaredProperty(diagnostic: ts.Diagnostic): string | undefined {
  for (const info of diagnostic.relatedInformation ?? []) {
    if (
      info.file === undefined ||
      info.file === diagnostic.file ||
      info.start === undefined ||
      info.length === undefined
    )
      continue;
    const text = info.file.text.slice(info.start, info.start + info.length);
    if (/^[A-Za-z_$][\w$]*$/.test(text)) return text;
  }
  return undefined;
}
