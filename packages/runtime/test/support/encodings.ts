// Seeded secrets and every encoding a secret may travel in, for the redaction tests of the runtime,
// the MCP server and `toolcat schemas pull`. TOOLCAT_SEED replays a run.

export const seed = Number(process.env.TOOLCAT_SEED ?? Date.now() % 1_000_000);

/** A small deterministic generator (mulberry32). */
export function random(start = seed): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Characters that each encoding treats specially, besides ordinary ones. A key travels in an HTTP
// header, which takes printable ASCII only.
const HEADER_SAFE = [..."abcdefXYZ0123456789-_.~", ..."\"\\/ +&=?%:@#<>'"];
const ALPHABET = [...HEADER_SAFE, "\n", "\t", "é", "ü", "€", "😀"];

/** Secrets that an HTTP header can carry, such as an API key. */
export const headerSafeSecrets = (count: number, next = random()): string[] => secrets(count, next, HEADER_SAFE);

/** `count` secrets of 8 to 40 characters, each starting with a letter so no two share a short prefix by chance. */
export function secrets(count: number, next = random(), alphabet: readonly string[] = ALPHABET): string[] {
  return Array.from({ length: count }, (_, index) => {
    const length = 8 + Math.floor(next() * 33);
    let text = `s${index.toString(36)}`;
    while ([...text].length < length) text += alphabet[Math.floor(next() * alphabet.length)];
    return text;
  });
}

const base64 = (text: string): string => Buffer.from(text, "utf8").toString("base64");
const base64url = (text: string): string => Buffer.from(text, "utf8").toString("base64url");
const unicodeEscape = (char: string, upper: boolean): string =>
  [...Array(char.length).keys()]
    .map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`)
    .map((e) => (upper ? e.toUpperCase().replace("\\U", "\\u") : e))
    .join("");

/** Each encoding of the secret, by name; `next` picks which characters get escaped and the Basic user. */
export function encodings(secret: string, next = random()): Record<string, string> {
  const json = JSON.stringify(secret).slice(1, -1);
  const user = "user".slice(0, Math.floor(next() * 5));
  return {
    raw: secret,
    json,
    "json \\/": json.replaceAll("/", "\\/"),
    "json \\u00xx (some characters)": [...secret]
      .map((c) => (next() < 0.5 ? unicodeEscape(c, next() < 0.5) : JSON.stringify(c).slice(1, -1)))
      .join(""),
    "json \\u00xx (every character)": [...secret].map((c) => unicodeEscape(c, false)).join(""),
    "json in json": JSON.stringify(JSON.stringify(secret)).slice(1, -1),
    encodeURIComponent: encodeURIComponent(secret),
    "percent, lower-case hex": encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
    "form (+ for space)": new URLSearchParams({ v: secret }).toString().slice(2),
    base64: base64(secret),
    base64url: base64url(secret),
    [`Basic "${user}:" pair`]: base64(`${user}:${secret}`),
    [`Basic "${user}:" pair, base64url`]: base64url(`${user}:${secret}`),
  };
}

/**
 * The part of an encoding that must not survive redaction. Base64 of a `user:secret` pair keeps the
 * characters that mix in neighbouring bytes, so there only the whole 3-byte groups of the secret count.
 */
export function revealing(name: string, encoded: string): string {
  if (!name.includes("pair")) return encoded;
  const bytes = Buffer.from(encoded, name.includes("base64url") ? "base64url" : "base64");
  const start = bytes.indexOf(":") + 1;
  const aligned = start + ((3 - (start % 3)) % 3);
  const groups = Math.floor((bytes.length - aligned) / 3);
  return encoded.slice((aligned / 3) * 4, (aligned / 3 + groups) * 4);
}
