// The program's text as the runner accepts it: well-formed Unicode (a byte array must be UTF-8)
// within the source size limit, checked before any parsing.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function sourceText(
  source: unknown,
  maxBytes: number,
): { ok: true; text: string } | { ok: false; message: string } {
  let text: string;
  if (typeof source === "string") {
    if (loneSurrogate.test(source))
      return { ok: false, message: "the source is not well-formed Unicode (it has a lone surrogate)" };
    text = source;
  } else if (source instanceof Uint8Array) {
    if (source.byteLength > maxBytes) return { ok: false, message: tooLarge(source.byteLength, maxBytes) };
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(source);
    } catch {
      return { ok: false, message: "the source is not valid UTF-8" };
    }
  } else {
    return { ok: false, message: "the source must be a string or UTF-8 bytes" };
  }
  const bytes = Buffer.byteLength(text);
  return bytes > maxBytes ? { ok: false, message: tooLarge(bytes, maxBytes) } : { ok: true, text };
}

function tooLarge(bytes: number, maxBytes: number): string {
  return `the source is ${bytes} bytes, more than its limit (${maxBytes} bytes)`;
}
