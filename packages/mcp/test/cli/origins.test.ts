// The Origin check over the wire: requests written byte for byte on a socket, so odd values (empty,
// whitespace, non-ASCII bytes, a repeated header) reach the server exactly as a hostile client sends
// them. A refused request gets 403 and opens no session; an allowed one opens one.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { random, seed } from "../../../runtime/test/support/encodings.ts";
import { originAllowed } from "../../src/cli/origins.ts";
import { initialize, startHttp } from "../support/http.ts";

/** One POST of a 2025-era initialize with these Origin header lines; the status line's code. */
function initializeWithOrigins(url: string, origins: readonly string[]): Promise<number> {
  const { hostname, port } = new URL(url);
  const body = Buffer.from(initialize());
  const head = [
    "POST /mcp HTTP/1.1",
    `Host: ${hostname}:${port}`,
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
    `Content-Length: ${body.length}`,
    "Connection: close",
    ...origins.map((origin) => `Origin: ${origin}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "utf8"), body])),
    );
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
  });
}

const allowed: readonly (readonly [string, readonly string[]])[] = [
  ["no Origin", []],
  ["http://localhost", ["http://localhost"]],
  ["a local origin with a port", ["http://localhost:5173"]],
  ["https://127.0.0.1", ["https://127.0.0.1"]],
  ["IPv6 loopback", ["http://[::1]:8080"]],
];

const refused: readonly (readonly [string, readonly string[]])[] = [
  ["empty", [""]],
  ["whitespace only", ["   \t "]],
  ["null", ["null"]],
  ["NULL", ["NULL"]],
  ["mixed-case scheme", ["HTTP://localhost:5173"]],
  ["mixed-case host", ["http://LocalHost:5173"]],
  ["trailing slash", ["http://localhost:5173/"]],
  ["with a path", ["http://localhost:5173/app"]],
  ["with a query", ["http://localhost?x=1"]],
  ["with user info", ["http://user@localhost"]],
  ["http with its default port", ["http://localhost:80"]],
  ["https with its default port", ["https://127.0.0.1:443"]],
  ["leading space kept inside", ["http://localhost x"]],
  ["a foreign site", ["https://evil.example.com"]],
  ["a look-alike suffix", ["http://localhost.evil.example.com"]],
  ["a look-alike prefix", ["http://127.0.0.1.nip.io"]],
  ["unicode look-alike (Cyrillic o)", ["http://lоcalhost"]],
  ["its punycode", ["http://xn--lcalhost-9fg"]],
  ["another scheme", ["file://localhost"]],
  ["no scheme", ["localhost:5173"]],
  ["an opaque origin", ["data:text/html,x"]],
  ["duplicated, both local", ["http://localhost", "http://localhost"]],
  ["duplicated, local then foreign", ["http://localhost", "https://evil.example.com"]],
  ["duplicated, empty then local", ["", "http://localhost"]],
  ["joined by a comma", ["http://localhost, https://evil.example.com"]],
  ["very long", [`http://${"a".repeat(8000)}.example.com`]],
  ["very long local look-alike", [`http://localhost:5173/${"a".repeat(8000)}`]],
];

describe("the Origin header over the wire", () => {
  it.each(allowed)("allows %s and opens a session", async (_, origins) => {
    const endpoint = await startHttp();
    expect(await initializeWithOrigins(endpoint.url, origins)).toBe(200);
    expect(endpoint.sessions()).toBe(1);
  });

  it.each(refused)("refuses %s with 403, opening no session", async (_, origins) => {
    const endpoint = await startHttp();
    expect(await initializeWithOrigins(endpoint.url, origins)).toBe(403);
    expect(endpoint.sessions()).toBe(0);
  });
});

describe("originAllowed", () => {
  it.each([
    ...allowed.map(([name, origins]) => [name, origins, true] as const),
    ...refused.map(([name, origins]) => [name, origins, false] as const),
  ])("%s -> %s", (_, origins, expected) => {
    const rawHeaders = [
      "Host",
      "localhost",
      ...origins.flatMap((origin) => ["Origin", origin.trim()]),
      "Accept",
      "*/*",
    ];
    expect(originAllowed(rawHeaders)).toBe(expected);
  });

  it("reads the header name in any case", () => {
    expect(originAllowed(["ORIGIN", "https://evil.example.com"])).toBe(false);
    expect(originAllowed(["oRiGiN", "http://localhost"])).toBe(true);
  });
});

/** A local origin as URL serializes it: a port without leading zeros, in range, not the scheme's default. */
function isSerializedLocal(value: string): boolean {
  const match = /^(https?):\/\/(localhost|127\.0\.0\.1|\[::1\])(?::(0|[1-9]\d{0,4}))?$/.exec(value);
  if (match === null) return false;
  const port = match[3] === undefined ? undefined : Number(match[3]);
  return port === undefined || (port <= 65535 && port !== (match[1] === "http" ? 80 : 443));
}

describe(`originAllowed on generated values (seed ${seed})`, () => {
  const pieces = [
    "http",
    "https",
    "HTTP",
    "file",
    "://",
    ":/",
    "//",
    "localhost",
    "LOCALHOST",
    "127.0.0.1",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "lоcalhost",
    "xn--",
    ".",
    ":",
    "0",
    "80",
    "443",
    "5173",
    "65536",
    "0080",
    "/",
    "?",
    "#",
    "@",
    "user",
    " ",
    "\t",
    ",",
    "null",
    "evil.example.com",
    "%2e",
    "é",
  ];
  const next = random(seed + 41);
  const values = Array.from({ length: 3000 }, () => {
    const count = 1 + Math.floor(next() * 6);
    // Most values start as a local origin would, so the allowed side is reached too.
    const head =
      next() < 0.7
        ? `${next() < 0.5 ? "http" : "https"}://${["localhost", "127.0.0.1", "[::1]"][Math.floor(next() * 3)]}`
        : "";
    return (
      head +
      Array.from({ length: count }, () => (next() < 0.5 ? "" : pieces[Math.floor(next() * pieces.length)])).join("")
    );
  });

  it("allows exactly the local origins in browser form, and never throws", () => {
    const wrong = values.filter((value) => originAllowed(["Origin", value]) !== isSerializedLocal(value));
    expect(wrong).toEqual([]);
    expect(values.filter(isSerializedLocal).length).toBeGreaterThan(100);
  });
});
