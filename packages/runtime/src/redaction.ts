// How one secret is recognised in text: as itself, JSON-escaped (`\"`, `\/`, `\u00xx`, at any depth
// of escaping), percent-encoded (any hex case, `+` for a space), base64 and base64url (alone, or
// inside a longer value such as a Basic `user:key` pair), and cut short by a message's length limit.

/** Longer secrets are matched in their exact encodings only: a per-character pattern would be huge. */
const MAX_PATTERN_LENGTH = 4096;
/** Base64 of a secret inside a longer value is recognised from this many whole 3-byte groups' worth of bytes. */
const MIN_EMBEDDED_BASE64_BYTES = 6;
/** A secret cut off by `…` is redacted when at least this many of its characters are left. */
export const MIN_CUT_PREFIX = 4;
/** Messages cut values at 200 characters at most (internal/issues.ts), so no longer prefix needs looking for. */
const MAX_CUT_PREFIX = 256;

const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = { "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t" };
// Annotated so a bundle that never redacts (a consumer of one validator) can drop it.
const encoder = /* @__PURE__ */ new TextEncoder();

/** Replaces the value in every encoding it may travel in; built once per secret. */
export function secretMatcher(value: string, replacement: string): (text: string) => string {
  const bytes = encoder.encode(value);
  const head = value.slice(0, MAX_CUT_PREFIX);
  const cutForms = [head, JSON.stringify(head).slice(1, -1).slice(0, MAX_CUT_PREFIX)];
  if (value.length > MAX_PATTERN_LENGTH) {
    const forms = exactForms(value, toBase64(bytes));
    return (text) =>
      redactCutPrefixes(
        forms.reduce((result, form) => result.split(form).join(replacement), text),
        cutForms,
        replacement,
      );
  }
  const forms = [value, ...base64Forms(bytes)].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(forms.map(encodedPattern).join("|"), "g");
  return (text) => redactCutPrefixes(text.replace(pattern, replacement), cutForms, replacement);
}

/**
 * The text with any prefix of the forms (at least MIN_CUT_PREFIX characters) that ends where the
 * text was cut (`…`, maybe after a closing quote) replaced.
 */
function redactCutPrefixes(text: string, forms: readonly string[], replacement: string): string {
  if (!text.includes("…")) return text;
  let result = text;
  for (let at = result.lastIndexOf("…"); at > 0; at = result.lastIndexOf("…", at - 1)) {
    const end = result[at - 1] === '"' ? at - 1 : at;
    // A cut inside a surrogate pair leaves half a character, raw or JSON-escaped; it counts as one.
    const half = HALF_CHARACTER.exec(result.slice(Math.max(0, end - 6), end))?.[0].length ?? 0;
    const minimum = half === 0 ? MIN_CUT_PREFIX : MIN_CUT_PREFIX - 1;
    const cut = Math.max(...forms.map((form) => cutPrefixLength(result, end - half, form, minimum)));
    if (cut < minimum) continue;
    result = `${result.slice(0, end - half - cut)}${replacement}${result.slice(end)}`;
    at = end - half - cut;
  }
  return result;
}

const HALF_CHARACTER = /(?:[\ud800-\udbff]|\\u[dD][89abAB][0-9a-fA-F]{2})$/;

function cutPrefixLength(text: string, end: number, form: string, minimum: number): number {
  for (let length = Math.min(form.length, end, MAX_CUT_PREFIX); length >= minimum; length--) {
    if (text.startsWith(form.slice(0, length), end - length)) return length;
  }
  return 0;
}

/** Standard and url-safe base64 of the whole value and of its whole 3-byte groups at each alignment. */
function base64Forms(bytes: Uint8Array): string[] {
  const forms = [toBase64(bytes)];
  for (const skip of [0, 1, 2]) {
    const rest = bytes.subarray(skip);
    const whole = rest.subarray(0, rest.length - (rest.length % 3));
    if (whole.length >= MIN_EMBEDDED_BASE64_BYTES) forms.push(toBase64(whole));
  }
  return [...new Set([...forms, ...forms.map(urlSafe)])];
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function urlSafe(base64: string): string {
  return base64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A pattern for the text where each character may appear as itself, JSON-escaped or percent-encoded. */
function encodedPattern(text: string): string {
  let source = "";
  for (const char of text) source += charPattern(char);
  return source;
}

function charPattern(char: string): string {
  const alternatives: string[] = [];
  const short = JSON_SHORT_ESCAPES[char];
  if (short !== undefined) alternatives.push(`\\\\+${short}`);
  const units = [...Array(char.length).keys()].map((index) => `\\\\+u${hexPattern(char.charCodeAt(index), 4)}`);
  alternatives.push(units.join(""));
  alternatives.push([...encoder.encode(char)].map((byte) => `%${hexPattern(byte, 2)}`).join(""));
  if (char === " ") alternatives.push("\\+");
  // The character itself comes last: alternatives are tried in order, and a `%` tried before `%25`
  // would end a match early, leaving `25` of the secret behind. Backslashes repeat when JSON text is
  // itself put in a JSON string; the run is matched whole.
  alternatives.push(char === "\\" ? "\\\\+" : char === '"' || char === "/" ? `\\\\*${char}` : escapeRegExp(char));
  return `(?:${alternatives.join("|")})`;
}

/** Hex digits of the number matching either letter case. */
function hexPattern(value: number, digits: number): string {
  return [...value.toString(16).padStart(digits, "0")]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join("");
}

/** The usual encodings of a long value, for exact matching. */
function exactForms(value: string, base64: string): string[] {
  const encoded = [
    value,
    JSON.stringify(value).slice(1, -1),
    encodeURIComponentSafely(value),
    new URLSearchParams({ v: value }).toString().slice(2),
  ];
  return [...new Set([...encoded, base64, urlSafe(base64)].filter((form) => form !== ""))].sort(
    (a, b) => b.length - a.length,
  );
}

function encodeURIComponentSafely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return ""; // a lone surrogate
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}

/** The password of a URL, decoded, and its `user:password` pair, as a Basic header would carry them. */
export function urlCredentials(url: string): string[] {
  if (!URL.canParse(url)) return [];
  const { username, password } = new URL(url);
  if (password === "") return [];
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  return [decode(password), `${decode(username)}:${decode(password)}`];
}
