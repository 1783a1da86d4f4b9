export type FormatName = "date" | "date-time" | "url" | "uri" | "column-letters" | "column" | "csv" | "json" | "cell-data" | "bearer" | "jwt";
const dateRe = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isDate(v: string): boolean { const m = dateRe.exec(v); if (!m) return false; const y = +m[1]!, mo = +m[2]!, d = +m[3]!; if (mo < 1 || mo > 12 || d < 1) return false; const days = [31, (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!; return d <= days; }
export function isDateTime(v: string): boolean { const i = v.search(/[Tt]/); return i === 10 && isDate(v.slice(0, 10)) && /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/.test(v.slice(11)); }
export function isUrl(v: string): boolean { try { const u = new URL(v); return u.protocol === "http:" || u.protocol === "https:"; } catch { return false; } }
export function isUri(v: string): boolean { return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s\u0000-\u001f\u007f]*$/.test(v); }
export function isColumnLetters(v: string): boolean { return /^[A-Za-z]+$/.test(v); }
export function isColumn(v: string): boolean { return /^(?:[A-Za-z]+|[1-9]\d*)$/.test(v); }
export function isCsv(v: string): boolean { return v.split(",").every((s) => s.trim() !== ""); }
export function isJson(v: string): boolean { try { JSON.parse(v); return true; } catch { return false; } }
export function isCellData(v: string): boolean { return true; }
export function isBearer(v: string): boolean { return /^Bearer \S+$/.test(v); }
export function isJwt(v: string): boolean { return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(v); }
export const formats: Record<FormatName, (v: string) => boolean> = { date: isDate, "date-time": isDateTime, url: isUrl, uri: isUri, "column-letters": isColumnLetters, column: isColumn, csv: isCsv, json: isJson, "cell-data": isCellData, bearer: isBearer, jwt: isJwt };
