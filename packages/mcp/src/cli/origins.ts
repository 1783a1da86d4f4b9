// The Origin check. The MCP spec asks a server to refuse a request whose Origin is present and not
// allowed (a page on any site can make a browser send requests to a local server). A browser sends
// an origin in one form only, its serialization (RFC 6454): lowercase scheme and host, no default
// port, no path. So a present value is allowed only when it is exactly such a serialization with an
// allowed host name; anything else, the empty string, `null` and a repeated header included, is refused.
import { localhostAllowedOrigins } from "@modelcontextprotocol/server";

/** Host names a local server accepts origins from, in the form URL.hostname gives them. */
const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(localhostAllowedOrigins());

/**
 * Whether the request's Origin headers allow it: none at all (a client that is not a browser), or
 * exactly one naming a local http(s) origin. `rawHeaders` is Node's flat name/value list, so a
 * repeated header is seen as such rather than joined.
 */
export function originAllowed(rawHeaders: readonly string[]): boolean {
  const values: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    if (rawHeaders[index]!.toLowerCase() === "origin") values.push(rawHeaders[index + 1]!);
  }
  if (values.length === 0) return true;
  return values.length === 1 && isLocalOrigin(values[0]!);
}

function isLocalOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "http:" || url.protocol === "https:") && url.origin === value && LOCAL_HOSTNAMES.has(url.hostname)
  );
}
