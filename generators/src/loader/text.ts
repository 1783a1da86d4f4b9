// Spec files as text: refuse oversized files and invalid UTF-8 before parsing, and find characters
// that must never appear in spec text (they hide code or reorder it when a spec string is shown).
import type { Diagnostic } from "./diagnostics.ts";

/** Largest spec file accepted (1 MiB); the largest real spec is about a tenth of that. */
export const maxSpecBytes = 1024 * 1024;

export interface Position {
  readonly line: number;
  readonly col: number;
}

/** 1-based line and column (in UTF-16 units, as the yaml library counts) of `offset` in `text`. */
export function positionIn(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: offset - start + 1 };
}

export function tooLarge(file: string, bytes: number): Diagnostic {
  return {
    file,
    line: 1,
    col: 1,
    code: "file-too-large",
    message: `spec is ${bytes} bytes, over the ${maxSpecBytes}-byte limit`,
    hint: "Spec files are refused unread above 1 MiB; split the server or remove what does not belong in a spec.",
  };
}

/** Decodes UTF-8 strictly: a malformed byte is an error at its position, never a silent U+FFFD. */
export function decodeSpec(file: string, bytes: Uint8Array): { text: string } | { error: Diagnostic } {
  if (bytes.length > maxSpecBytes) return { error: tooLarge(file, bytes.length) };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    // The shortest prefix that fails to decode ends at the bad byte (streaming tolerates a cut sequence).
    let low = 0;
    let high = bytes.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (decodes(bytes.subarray(0, mid + 1))) low = mid + 1;
      else high = mid;
    }
    const before = new TextDecoder("utf-8").decode(bytes.subarray(0, low));
    return {
      error: {
        file,
        ...positionIn(before, before.length),
        code: "invalid-encoding",
        message: `byte 0x${(bytes[low] ?? 0).toString(16).padStart(2, "0")} at offset ${low} is not valid UTF-8`,
        hint: "Save the spec as UTF-8.",
      },
    };
  }
}

function decodes(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * C0 and C1 controls (tab, newline and carriage return aside), DEL, lone surrogates, U+2028/9 and
 * bidirectional controls. Rejected everywhere, so no emitter has to carry them safely.
 */
const forbidden = new RegExp(
  [
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u.source,
    /[\ud800-\udbff](?![\udc00-\udfff])/u.source, // a high surrogate without its low half
    /(?<![\ud800-\udbff])[\udc00-\udfff]/u.source, // a low surrogate without its high half
  ].join("|"),
  "gu",
);

/** Offsets and descriptions of forbidden characters in `text`. */
export function forbiddenCharacters(text: string): { offset: number; name: string }[] {
  const found: { offset: number; name: string }[] = [];
  for (const match of text.matchAll(forbidden)) found.push({ offset: match.index, name: characterName(match[0]) });
  return found;
}

function characterName(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  if (code === 0) return `NUL (${hex})`;
  if (code >= 0xd800 && code <= 0xdfff) return `lone surrogate ${hex}`;
  if (code === 0x2028 || code === 0x2029) return `line/paragraph separator ${hex}`;
  if (code >= 0x202a) return `bidirectional control ${hex}`;
  return `control character ${hex}`;
}

export function forbiddenCharacter(file: string, position: Position, name: string, where: string): Diagnostic {
  return {
    file,
    ...position,
    code: "forbidden-character",
    message: `${name} in ${where}`,
    hint: forbiddenHint,
  };
}

export const forbiddenHint =
  "Spec text may not hold control characters, lone surrogates, line separators or bidirectional controls; remove it.";
