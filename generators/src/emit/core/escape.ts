// The one place spec text becomes code. ts-morph prints names, types and JSDoc verbatim, so every
// string that came from a spec passes through here before it reaches an emitter's output.

const reservedWords = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "implements interface let package private protected public static yield await"
  ).split(" "),
);

const identifierPattern = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A string literal safe in any JS/TS position and inside an HTML <script>: JSON escaping, plus the
 * two line terminators JSON leaves raw, plus `</` so no `</script>` can end an inline script.
 */
export function stringLiteral(value: string): string {
  return jsonLiteral(value);
}

/**
 * Any JSON value as a JS expression that evaluates to exactly what JSON.parse gives: keys are
 * quoted, and a `__proto__` key becomes a computed key, which creates an own property instead of
 * setting the prototype as `"__proto__": x` would in an object literal. Compact like
 * JSON.stringify without `indent`, one entry per line with it.
 */
export function jsonLiteral(value: unknown, indent = 0, depth = 0): string {
  if (typeof value !== "object" || value === null) return safeJson(JSON.stringify(value));
  const inner = indent === 0 ? "" : `\n${" ".repeat(indent * (depth + 1))}`;
  const outer = indent === 0 ? "" : `\n${" ".repeat(indent * depth)}`;
  const items = Array.isArray(value)
    ? value.map((item: unknown) => jsonLiteral(item, indent, depth + 1))
    : Object.entries(value).map(
        ([name, item]) =>
          `${name === "__proto__" ? `[${stringLiteral(name)}]` : stringLiteral(name)}:${indent === 0 ? "" : " "}` +
          jsonLiteral(item, indent, depth + 1),
      );
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return items.length === 0
    ? `${open}${close}`
    : `${open}${items.map((item) => `${inner}${item}`).join(",")}${outer}${close}`;
}

function safeJson(json: string): string {
  return json
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
    .replace(/<\//g, "<\\/");
}

/** An object property key: bare when it is a plain identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  // `__proto__` as a plain or quoted key sets the prototype in an object literal; computed, it is a key.
  if (name === "__proto__") return `[${stringLiteral(name)}]`;
  return identifierPattern.test(name) ? name : stringLiteral(name);
}

/** Whether a name can be declared as a TypeScript identifier. */
export function isUsableIdentifier(name: string): boolean {
  return identifierPattern.test(name) && !reservedWords.has(name);
}

/** A generated identifier; throws rather than emit something that is not one. */
export function identifier(name: string): string {
  if (!isUsableIdentifier(name)) {
    throw new Error(`toolcat: "${name}" is not a usable TypeScript identifier`);
  }
  return name;
}

/** C0/C1 controls, DEL, lone surrogates and bidi/invisible format controls: never useful in a comment. */
const unprintable = new RegExp(
  [
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/.source,
    /[\ud800-\udbff](?![\udc00-\udfff])/.source, // a high surrogate without its low half
    /(?<![\ud800-\udbff])[\udc00-\udfff]/.source, // a low surrogate without its high half
  ].join("|"),
  "g",
);

/**
 * Text for a JSDoc body: no comment terminator, no stray tag starts, no line terminators that
 * would end a line inside the comment. ts-morph adds the `/**` and ` * ` framing. Stripping and
 * normalising come first so nothing removed can join a `*` and a `/` after the terminator check.
 */
export function docText(text: string): string {
  // Unprintable characters go first, so a `*` and a `/` that spec text kept apart (`*\0/`) are
  // joined before, not after, every `*/` is broken.
  return text
    .replace(unprintable, "")
    .replace(/\r\n?|\u2028|\u2029/g, "\n")
    .replace(/\*\//g, "*\\/")
    .replace(/(^|\n)(\s*)@/g, "$1$2\\@");
}

/**
 * A JSDoc tag with spec text as its value (`@default "A"`): the value is escaped as comment text,
 * its line breaks fold to spaces and every `@` in it is escaped, so wherever wrapping breaks the
 * line, only the tag name, which generators choose, starts a tag.
 */
export function docTag(name: string, value: string): string {
  return `@${name} ${docText(value)
    .replace(/\n/g, " ")
    .replace(/(?<!\\)@/g, "\\@")}`;
}

/** Spec text on one markdown line: newlines and line separators fold to spaces, controls go. */
function markdownLine(text: string): string {
  return text.replace(/\r\n?|\n|\u2028|\u2029/g, " ").replace(unprintable, "");
}

/**
 * Markdown inline text: no raw HTML (entities), no table breaks, no code-span, emphasis or link
 * surprises (backslash escapes), and nothing at the start that could open a heading, quote, list,
 * setext underline or indented code block, wherever the template places it.
 */
export function markdownText(text: string): string {
  return markdownLine(text)
    .replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"))
    .replace(/[\\`*_[\]|{}#]/g, (c) => `\\${c}`)
    .replace(/^[ \t]+/, (blank) => blank.replace(/ /g, "&#32;").replace(/\t/g, "&#9;"))
    .replace(/^([-+=>])/, "\\$1")
    .replace(/^(\d+)([.)])/, "$1\\$2");
}

/**
 * Markdown inline code (CommonMark code span), fenced with one more backtick than the longest run
 * inside and padded with a space where the content starts or ends with a backtick or a space. Code
 * spans render `<`, `&` and `#` literally; only table pipes need escaping.
 */
export function markdownCode(text: string): string {
  const flat = markdownLine(text).replace(/\|/g, "\\|");
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(flat) ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}
