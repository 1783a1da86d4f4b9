// Predicates for the string formats the catalog gives parameters. Generated validators call them
// directly and the generators check spec examples with `formats`, so this file must stay free of
// imports: the generators load it by relative path.

export type FormatName =
  | "date"
  | "date-time"
  | "url"
  | "uri"
  | "column-letters"
  | "column"
  | "csv"
  | "json"
  | "cell-data"
  | "bearer"
  | "jwt";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// RFC 3339 §5.6 time with a mandatory offset: a date-time without one is ambiguous for the server.
// Second 60 is allowed because RFC 3339 admits leap seconds.
const TIME = /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
// RFC 3986 scheme, then anything without whitespace, controls or characters URIs never contain raw.
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s\u0000-\u001f\u007f<>"{}|\\^`]*$/;
// Spreadsheet column letters are case-insensitive (a1 and A1 name the same cell).
const COLUMN_LETTERS = /^[A-Za-z]+$/;
const POSITIVE_INTEGER = /^[1-9]\d*$/;
// RFC 6750 §2.1: the scheme, one space, then a b64token.
const BEARER = /^Bearer [A-Za-z0-9\-._~+/]+=*$/;
// Compact JWS (RFC 7515 §7.1): header and payload are required; the signature is empty for
// unsecured JWTs (RFC 7519 §6.1).
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

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
  const separator = value.charAt(10);
  return (separator === "T" || separator === "t") && isDate(value.slice(0, 10)) && TIME.test(value.slice(11));
}

/** An http(s) URL: tools that fetch a URL cannot follow other schemes. */
export function isUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}

/** An absolute URI of any scheme (`mailto:a@b.c`, `urn:isbn:0451450523`). */
export function isUri(value: string): boolean {
  return ABSOLUTE_URI.test(value);
}

/** Column letters in A1 notation (`A`, `AB`). */
export function isColumnLetters(value: string): boolean {
  return COLUMN_LETTERS.test(value);
}

/** Column letters or a 1-based column number: some tools accept either. */
export function isColumn(value: string): boolean {
  return COLUMN_LETTERS.test(value) || POSITIVE_INTEGER.test(value);
}

/** Comma-separated items, none blank: an empty item is almost always a stray comma. */
export function isCsv(value: string): boolean {
  return value.split(",").every((item) => item.trim() !== "");
}

/** Stringified JSON of any kind. */
export function isJson(value: string): boolean {
  return parseJson(value) !== undefined;
}

/**
 * Stringified cell data: `{"<row>": {"<column letters>": value}}` where rows are 1-based
 * integers and values are numbers, strings or booleans. Checked here so a malformed grid is
 * reported before the server half-applies it.
 */
export function isCellData(value: string): boolean {
  const rows = parseJson(value);
  if (!isPlainObject(rows)) return false;
  return Object.entries(rows).every(
    ([row, cells]) =>
      POSITIVE_INTEGER.test(row) &&
      isPlainObject(cells) &&
      Object.entries(cells).every(([column, cell]) => COLUMN_LETTERS.test(column) && isCellValue(cell)),
  );
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

/** The parsed value, or undefined when the text is not JSON (JSON itself has no undefined). */
function parseJson(text: string): unknown {
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
  return typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}
