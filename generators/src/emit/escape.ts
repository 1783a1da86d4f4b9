// The one place spec text becomes code. ts-morph prints names, types and JSDoc verbatim, so every
// string that came from a spec passes through here before it reaches an emitter's output.

const reservedWords = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with implements interface let " +
    "package private protected public static yield await"
  ).split(" "),
);

const identifierPattern = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A string literal safe in any JS/TS position: JSON escaping plus the two line terminators JSON leaves raw. */
export function stringLiteral(value: string): string {
  return jsonLiteral(value);
}

/** Any JSON value as a JS literal (defaults, enum values, manifest data), pretty when `indent` is given. */
export function jsonLiteral(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** An object property key: bare when it is a plain identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return identifierPattern.test(name) ? name : stringLiteral(name);
}

/** `obj.name` or `obj["name"]`. */
export function propertyAccess(target: string, name: string): string {
  return identifierPattern.test(name) ? `${target}.${name}` : `${target}[${stringLiteral(name)}]`;
}

/** A generated identifier; throws rather than emit something that is not one. */
export function identifier(name: string): string {
  if (!identifierPattern.test(name) || reservedWords.has(name)) {
    throw new Error(`toolcat: "${name}" is not a usable TypeScript identifier`);
  }
  return name;
}

/**
 * Text for a JSDoc body: no comment terminator, no stray tag starts, no line terminators that
 * would end a line inside the comment. ts-morph adds the `/**` and ` * ` framing.
 */
export function docText(text: string): string {
  // Control characters become visible escapes first, so no later step can join a `*` and a `/`
  // that spec text kept apart (`*\0/`); only then is every remaining `*/` broken.
  return text
    .replace(/\r\n?|\u2028|\u2029/g, "\n")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replace(/\*\//g, "*\\/")
    .replace(/(^|\n)(\s*)@/g, "$1$2\\@");
}

/** Markdown inline text: no table breaks, no raw HTML, no code-span or emphasis surprises. */
export function markdownText(text: string): string {
  return text
    .replace(/\r\n?|\u2028|\u2029|\n/g, " ")
    .replace(/[\\`*_[\]<>|{}#]/g, (c) => `\\${c}`)
    .replace(/[\u0000-\u001f\u007f]/g, "");
}

/** Markdown inline code, fenced with enough backticks to hold the text. */
export function markdownCode(text: string): string {
  const flat = text.replace(/\r\n?|\u2028|\u2029|\n/g, " ").replace(/\|/g, "\\|");
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}
