// The standard formats toolcat emits (`date`, `date-time`, `uri`, and `uri` for `url`) must mean in
// the runtime what they mean to a stock validator: ajv-formats in full mode plus the emitted
// `pattern`. Checked on a table of tricky strings and on seeded random strings built from URI and
// timestamp characters, in both directions.
import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import { formatPatterns, isDate, isDateTime, isUri, isUrl } from "../src/formats.js";

type Check = (value: string) => boolean;
const standard = (format: "date" | "date-time" | "uri"): Check => {
  const definition = fullFormats[format] as Check | { validate: Check };
  return typeof definition === "function" ? definition : definition.validate;
};
const pattern =
  (name: keyof typeof formatPatterns): Check =>
  (value) =>
    new RegExp(formatPatterns[name], "u").test(value);

const pairs: readonly [string, Check, Check][] = [
  ["date", isDate, standard("date")],
  ["date-time", isDateTime, (v) => standard("date-time")(v) && pattern("date-time")(v)],
  ["uri", isUri, standard("uri")],
  ["url", isUrl, (v) => standard("uri")(v) && pattern("url")(v)],
];

const tricky = [
  "2024-05-01",
  "2024-02-29",
  "2023-02-29",
  "2024-05-01T12:00:00Z",
  "2024-05-01 12:00:00Z",
  "2024-05-01T12:00:00+0200",
  "2024-05-01T12:00:00+02",
  "2024-05-01T12:00:60Z",
  "2024-05-01T23:59:60Z",
  "2024-05-01T01:59:60+02:00",
  "2024-05-01T23:59:60-00:30",
  "2024-05-01t12:00:00.123z",
  "2024-05-01T24:00:00Z",
  "2024-05-01T12:00:00",
  "2024-05-01T12:00:00+24:00",
  "https://example.com",
  "http://localhost:8080/a?b=c#d",
  "ftp://example.com",
  "https:example.com",
  "https://a/%zz",
  "https://a/%2F",
  "http://",
  "https://",
  "https:///path",
  "https://[::1]:80/x",
  "https://[v1.x]/",
  "https://[::01.2.3.4]/",
  "a:/[::1]",
  "urn:isbn:0451450523",
  "mailto:a@b.c",
  "x:",
  "1a:b",
  "http://exa mple.com",
  "http://a/b?c#d#e",
  "HTTPS://EXAMPLE.COM/",
  "http://user:pw@host:65536/p",
  "http://a/\u00e9",
  "http://a\\b",
  "javascript:alert(1)",
  "",
];

/** Seeded strings from the characters these grammars care about. */
function randomStrings(count: number): string[] {
  const alphabet = [
    "h",
    "t",
    "p",
    "s",
    ":",
    "/",
    "//",
    "[",
    "]",
    "%",
    "2",
    "0",
    "z",
    "?",
    "#",
    "@",
    "-",
    "+",
    "T",
    " ",
    ".",
    "Z",
    "6",
    "9",
    "5",
  ];
  let state = 12345;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
  const prefixes = ["https://", "http://a", "2024-05-01T23:59:", "2024-12-31T", "urn:", ""];
  return Array.from({ length: count }, () => {
    let value = prefixes[Math.floor(next() * prefixes.length)]!;
    const length = Math.floor(next() * 12);
    for (let i = 0; i < length; i++) value += alphabet[Math.floor(next() * alphabet.length)]!;
    return value;
  });
}

describe.each(pairs)("%s agrees with ajv-formats (full) and the emitted pattern", (_name, ours, theirs) => {
  it.each(tricky)("%j", (value) => {
    expect(ours(value)).toBe(theirs(value));
  });
  it("on seeded random strings", () => {
    const disagreements = randomStrings(20_000).filter((value) => ours(value) !== theirs(value));
    expect(disagreements).toEqual([]);
  });
});
