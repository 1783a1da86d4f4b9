// Predicates for the string formats the catalog gives parameters. Generated validators call them
// directly and the generators check spec examples with `formats`, so this file must stay free of
// imports: the generators load it by relative path.

export type FormatName =
  "date" | "date-time" | "url" | "uri" | "column-letters" | "column" | "csv" | "json" | "cell-data" | "bearer" | "jwt";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// RFC 3339 §5.6 time with a mandatory `HH:MM` offset: a date-time without one is ambiguous for the
// server. Second 60 passes here; `isDateTime` then admits it only at 23:59 UTC, as ajv-formats does.
const TIME = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(\.\d+)?([Zz]|([+-])([01]\d|2[0-3]):([0-5]\d))$/;

/**
 * The string shapes toolcat enforces, as ECMA-262 patterns that JSON Schema `pattern` accepts, so
 * the generated manifest and the runtime predicates share one definition. `date-time` and `url`
 * narrow the standard `format` (a `T` separator and `HH:MM` offset; http(s) with a host).
 */
export const formatPatterns = {
  "date-time": "^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:[Zz]|[+-]\\d{2}:\\d{2})$",
  url: "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]",
  // Spreadsheet column letters are case-insensitive (a1 and A1 name the same cell).
  "column-letters": "^[A-Za-z]+$",
  column: "^(?:[A-Za-z]+|[1-9][0-9]*)$",
  // Comma-separated items, none blank: an empty item is almost always a stray comma. Each item is
  // optional blanks then a non-blank, so matching stays linear.
  csv: "^\\s*[^,\\s][^,]*(?:,\\s*[^,\\s][^,]*)*$",
  // RFC 6750 §2.1: the scheme, one space, then a b64token.
  bearer: "^Bearer [A-Za-z0-9._~+/-]+=*$",
  // Compact JWS (RFC 7515 §7.1): header and payload are required; the signature is empty for
  // unsecured JWTs (RFC 7519 §6.1).
  jwt: "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$",
} as const satisfies Partial<Record<FormatName, string>>;

/**
 * The JSON Schema that cell-data's JSON text must satisfy once parsed (its `contentSchema`). A cell's
 * types are an `anyOf` of single types, not a `type` array: clients that render or lower schemas
 * (the MCP Inspector, Gemini's schema subset) accept one type per schema.
 */
export const cellDataSchema = {
  type: "object",
  propertyNames: { pattern: "^[1-9][0-9]*$" },
  additionalProperties: {
    type: "object",
    propertyNames: { pattern: formatPatterns["column-letters"] },
    additionalProperties: { anyOf: [{ type: "number" }, { type: "string" }, { type: "boolean" }] },
  },
} as const;

function compiled(name: keyof typeof formatPatterns): RegExp {
  // The `u` flag: JSON Schema validators compile `pattern` as Unicode regular expressions.
  return new RegExp(formatPatterns[name], "u");
}

const DATE_TIME = compiled("date-time");
const HTTP_URL = compiled("url");
const CSV = compiled("csv");
const BEARER = compiled("bearer");
const JWT = compiled("jwt");

// RFC 3986 §3 `URI`, built from its ABNF, case-insensitive. One leniency is kept on purpose so the
// standard `uri` format (ajv-formats, full mode) and this predicate agree: an authority may follow a
// single slash. IPv4 octets in IPv6 literals may have leading zeros, as there too.
const PCT = "%[0-9a-f]{2}";
const UNRESERVED_SUB = "a-z0-9\\-._~!$&'()*+,;=";
const H16 = "[0-9a-f]{1,4}";
const OCTET = "(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)";
const LS32 = `(?:${H16}:${H16}|${OCTET}(?:\\.${OCTET}){3})`;
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join("|");
const IP_LITERAL = `\\[(?:${IPV6}|v[0-9a-f]+\\.[${UNRESERVED_SUB}:]+)\\]`;
const REG_NAME = `(?:[${UNRESERVED_SUB}]|${PCT})*`;
const USERINFO = `(?:[${UNRESERVED_SUB}:]|${PCT})*`;
const PCHAR = `(?:[${UNRESERVED_SUB}:@]|${PCT})`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const AUTHORITY_PATH = `\\/?\\/(?:${USERINFO}@)?(?:${IP_LITERAL}|${REG_NAME})(?::\\d*)?(?:\\/${SEGMENT})*`;
const HIER_PART = `(?:${AUTHORITY_PATH}|\\/(?:${SEGMENT_NZ}(?:\\/${SEGMENT})*)?|${SEGMENT_NZ}(?:\\/${SEGMENT})*)`;
const QUERY = `(?:[${UNRESERVED_SUB}:@/?]|${PCT})*`;
const ABSOLUTE_URI = new RegExp(`^[a-z][a-z0-9+\\-.]*:${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`, "i");

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** `YYYY-MM-DD` naming a real calendar day: the pattern alone would accept 2023-02-30. */
export function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days;
}

/** RFC 3339 date-time with an offset (`2024-05-01T12:00:00Z`, `2024-05-01t12:00:00.5+02:00`). */
export function isDateTime(value: string): boolean {
  if (!DATE_TIME.test(value) || !isDate(value.slice(0, 10))) return false;
  const time = TIME.exec(value.slice(11));
  if (time === null) return false;
  if (time[3] !== "60") return true;
  // A leap second exists only as the last second of a UTC day (23:59:60Z).
  const sign = time[6] === "-" ? -1 : 1;
  const minutes = Number(time[1]) * 60 + Number(time[2]) - sign * (Number(time[7] ?? 0) * 60 + Number(time[8] ?? 0));
  return ((minutes % 1440) + 1440) % 1440 === 1439;
}

/** An http(s) URL with a host: tools that fetch a URL cannot follow other schemes. */
export function isUrl(value: string): boolean {
  return HTTP_URL.test(value) && ABSOLUTE_URI.test(value);
}

/** An RFC 3986 URI of any scheme (`mailto:a@b.c`, `urn:isbn:0451450523`). */
export function isUri(value: string): boolean {
  return ABSOLUTE_URI.test(value);
}

// The two column formats run on every call of the tools that take them, where a regular
// expression costs more than all other checks: character loops, tested to agree with the patterns.

/** Column letters in A1 notation (`A`, `AB`): `formatPatterns["column-letters"]`. */
export function isColumnLetters(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    // Setting bit 0x20 folds A–Z onto a–z and moves no other character into a–z.
    const lower = value.charCodeAt(i) | 0x20;
    if (lower < 0x61 || lower > 0x7a) return false;
  }
  return true;
}

/** A decimal integer from 1 without leading zeros: a column number, or a row of cell data. */
function isPositiveDecimal(value: string): boolean {
  const first = value.charCodeAt(0); // NaN for "", failing both comparisons
  if (!(first >= 0x31 && first <= 0x39)) return false;
  for (let i = 1; i < value.length; i++) {
    const digit = value.charCodeAt(i);
    if (digit < 0x30 || digit > 0x39) return false;
  }
  return true;
}

/** Column letters or a 1-based column number: some tools accept either. */
export function isColumn(value: string): boolean {
  return isColumnLetters(value) || isPositiveDecimal(value);
}

/** Comma-separated items, none blank. */
export function isCsv(value: string): boolean {
  return CSV.test(value);
}

/**
 * Stringified JSON of any kind: exactly what `JSON.parse` accepts, read without building the value
 * (a tree and, for bad text, a SyntaxError with its message cost more than the check). Iterative,
 * so nesting of any depth is read without recursion.
 */
export function isJson(value: string): boolean {
  if (typeof value !== "string") {
    // Plain JavaScript callers: JSON.parse reads any value as its string form.
    try {
      value = String(value);
    } catch {
      return false;
    }
  }
  let i = skipJsonSpace(value, 0);
  // The open containers, innermost last: one bit per level (1: object) for the first 30 levels,
  // an array past that, so the usual shallow text costs no allocation.
  let depth = 0;
  let kinds = 0;
  let deeper: boolean[] | undefined;
  for (;;) {
    const c = value.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      i = skipJsonSpace(value, i + 1);
      const object = c === 0x7b;
      if (value.charCodeAt(i) === (object ? 0x7d : 0x5d)) {
        i++;
      } else {
        if (depth < 30) kinds = object ? kinds | (1 << depth) : kinds & ~(1 << depth);
        else (deeper ??= [])[depth - 30] = object;
        depth++;
        if (object && (i = jsonMemberValue(value, i)) < 0) return false;
        continue;
      }
    } else if (c === 0x22) {
      if ((i = jsonStringEnd(value, i)) < 0) return false;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      if ((i = jsonNumberEnd(value, i)) < 0) return false;
    } else if (value.startsWith("true", i) || value.startsWith("null", i)) {
      i += 4;
    } else if (value.startsWith("false", i)) {
      i += 5;
    } else {
      return false;
    }
    // A value ended: close containers until one continues with a comma, or the text ends.
    for (;;) {
      i = skipJsonSpace(value, i);
      if (depth === 0) return i === value.length;
      const level = depth - 1;
      const object = level < 30 ? (kinds & (1 << level)) !== 0 : deeper![level - 30]!;
      const next = value.charCodeAt(i);
      if (next === 0x2c) {
        i = skipJsonSpace(value, i + 1);
        if (object && (i = jsonMemberValue(value, i)) < 0) return false;
        break;
      }
      if (next !== (object ? 0x7d : 0x5d)) return false;
      i++;
      depth--;
    }
  }
}

/** The index after JSON whitespace (space, tab, line feed, carriage return) from `i`. */
function skipJsonSpace(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
  }
  return i;
}

/** From a member's key: the index of its value after the key and the colon, or -1. */
function jsonMemberValue(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x22 || (i = jsonStringEnd(text, i)) < 0) return -1;
  i = skipJsonSpace(text, i);
  return text.charCodeAt(i) === 0x3a ? skipJsonSpace(text, i + 1) : -1;
}

const isHexDigit = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** From an opening quote: the index after the closing one, or -1 (no control characters, JSON escapes only). */
function jsonStringEnd(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return -1;
    if (c !== 0x5c) continue;
    const escaped = text.charCodeAt(++i);
    if (escaped === 0x75) {
      if (!(isHexDigit(text.charCodeAt(i + 1)) && isHexDigit(text.charCodeAt(i + 2)))) return -1;
      if (!(isHexDigit(text.charCodeAt(i + 3)) && isHexDigit(text.charCodeAt(i + 4)))) return -1;
      i += 4;
    } else if (
      escaped !== 0x22 &&
      escaped !== 0x5c &&
      escaped !== 0x2f &&
      escaped !== 0x62 &&
      escaped !== 0x66 &&
      escaped !== 0x6e &&
      escaped !== 0x72 &&
      escaped !== 0x74
    ) {
      return -1;
    }
  }
  return -1;
}

/** The index after the digits from `i`. */
function digitsEnd(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) break;
  }
  return i;
}

/** From a minus or digit: the index after a JSON number (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`), or -1. */
function jsonNumberEnd(text: string, i: number): number {
  if (text.charCodeAt(i) === 0x2d) i++;
  const first = text.charCodeAt(i);
  if (first === 0x30) i++;
  else if (first >= 0x31 && first <= 0x39) i = digitsEnd(text, i + 1);
  else return -1;
  if (text.charCodeAt(i) === 0x2e) {
    const end = digitsEnd(text, i + 1);
    if (end === i + 1) return -1;
    i = end;
  }
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 0x2b || sign === 0x2d) i++;
    const end = digitsEnd(text, i);
    if (end === i) return -1;
    i = end;
  }
  return i;
}

/**
 * Stringified cell data: `{"<row>": {"<column letters>": value}}` where rows are 1-based
 * integers and values are numbers, strings or booleans. Checked here so a malformed grid is
 * reported before the server half-applies it.
 */
export function isCellData(value: string): boolean {
  const rows = parseJson(value);
  if (!isPlainObject(rows)) return false;
  // Key loops rather than entries and callbacks: no pair arrays or closures per row and cell.
  for (const row of Object.keys(rows)) {
    const cells = rows[row];
    if (!isPositiveDecimal(row) || !isPlainObject(cells)) return false;
    for (const column of Object.keys(cells)) if (!isColumnLetters(column) || !isCellValue(cells[column])) return false;
  }
  return true;
}

/** An `Authorization` header value: `Bearer <token>`. */
export function isBearer(value: string): boolean {
  return BEARER.test(value);
}

/** A compact JWT: three base64url segments separated by dots. */
export function isJwt(value: string): boolean {
  return JWT.test(value);
}

/** The predicate for each format, for code that looks formats up by name. */
export const formats: Readonly<Record<FormatName, (value: string) => boolean>> = {
  date: isDate,
  "date-time": isDateTime,
  url: isUrl,
  uri: isUri,
  "column-letters": isColumnLetters,
  column: isColumn,
  csv: isCsv,
  json: isJson,
  "cell-data": isCellData,
  bearer: isBearer,
  jwt: isJwt,
};

/**
 * The parsed value, or undefined when the text is not JSON (JSON itself has no undefined). A
 * validator checking a captured request body parses once with it: the check and the tree in one.
 * Scanning with isJson first would spare bad text its SyntaxError, but costs valid text, the usual
 * case, more than half again.
 */
export function parseJson(text: string): unknown {
  // A rejected input must not pay for a stack trace it never shows: most of the cost of a throw.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCellValue(value: unknown): boolean {
  return (
    typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))
  );
}
