// Bearer-token authentication on HTTP: every request without the exact token, generated near misses
// included, gets 401 with a challenge naming the protected-resource metadata, which is served and
// describes the endpoint; the token is never echoed; real clients of both eras connect with it.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1HttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { random, seed } from "../../../runtime/test/support/encodings.ts";
import { readToken } from "../../src/cli/auth.ts";
import { postInitialize, raw, startHttp } from "../support/http.ts";

const next = random(seed + 27);
const printable = (): string => String.fromCharCode(0x21 + Math.floor(next() * 94));
/** A token as a file may hold one: 16 to 63 printable characters without spaces. */
const token = Array.from({ length: 16 + Math.floor(next() * 48) }, printable).join("");

/** Authorization headers that must not pass: missing pieces, other schemes, and tokens one edit away. */
function nearMisses(): string[] {
  const edits = Array.from({ length: 40 }, () => {
    const at = Math.floor(next() * token.length);
    const kind = Math.floor(next() * 3);
    const other = printable();
    const edited =
      kind === 0
        ? token.slice(0, at) + token.slice(at + 1)
        : kind === 1
          ? token.slice(0, at) + other + token.slice(at)
          : token.slice(0, at) + other + token.slice(at + 1);
    return edited === token ? `${token}x` : edited;
  });
  return [
    "",
    "Bearer",
    "Bearer ",
    `Basic ${token}`,
    `Token ${token}`,
    `Bearer ${token.toUpperCase()}`,
    `Bearer ${token} extra`,
    ...edits.map((edited) => `Bearer ${edited}`),
  ];
}

describe(`bearer tokens (seed ${seed})`, () => {
  it(
    "refuses every request without the exact token, with a challenge naming the metadata, never echoing what was " +
      "sent",
    async () => {
      const endpoint = await startHttp({ token });
      const metadata = new URL("/.well-known/oauth-protected-resource/mcp", endpoint.url).href;
      const tries = nearMisses();
      for (const authorization of tries) {
        const response = await postInitialize(endpoint.url, authorization === "" ? {} : { authorization });
        expect(response.status, authorization).toBe(401);
        expect(response.headers["www-authenticate"]).toMatch(
          new RegExp(`^Bearer error="invalid_token".*resource_metadata="${metadata}"`),
        );
        const given = authorization.split(" ")[1];
        if (given !== undefined && given.length > 8) expect(response.body).not.toContain(given);
        expect(response.body).not.toContain(token);
      }
      expect((await postInitialize(endpoint.url, { authorization: `Bearer ${token}` })).status).toBe(200);
    },
  );

  it("serves the protected-resource metadata without a token", async () => {
    const endpoint = await startHttp({ token });
    const response = await raw(new URL("/.well-known/oauth-protected-resource/mcp", endpoint.url).href, "GET", {});
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      resource: endpoint.url,
      bearer_methods_supported: ["header"],
      resource_name: "toolcat-mcp",
    });
  });

  it("lets a 2026-07-28 client and a 2025-11-25 client in with the token", async () => {
    const endpoint = await startHttp({ token });
    const requestInit = { headers: { authorization: `Bearer ${token}` } };
    const modern = new Client({ name: "t", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await modern.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit }));
    const legacy = new V1Client({ name: "t", version: "1" });
    await legacy.connect(new V1HttpTransport(new URL(endpoint.url), { requestInit }));
    for (const client of [modern, legacy]) expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await Promise.all([modern.close(), legacy.close()]);
  });

  it(
    "reads the token from its file's first line, and refuses " + "a file without a usable one, naming the file only",
    async () => {
      const folder = await mkdtemp(join(tmpdir(), "toolcat-mcp-auth-"));
      const file = (name: string, text: string): Promise<string> =>
        writeFile(join(folder, name), text).then(() => join(folder, name));
      expect(await readToken(await file("good", `  ${token}  \r\nsecond line\n`))).toBe(token);
      for (const text of ["", "short-token\n", `${token.slice(0, 8)} ${token}\n`, `\n${token}\n`]) {
        const bad = await file("bad", text);
        await expect(readToken(bad)).rejects.toThrow(/must hold a token of at least 16 printable characters/);
        await readToken(bad).catch((error: unknown) => expect(String(error)).not.toContain(token));
      }
      await expect(readToken(join(folder, "missing"))).rejects.toThrow(
        /cannot read --auth-token-file .*missing \(ENOENT\)/,
      );
    },
  );
});
