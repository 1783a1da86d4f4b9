// The 2025-era sessions over HTTP are bounded: at --max-sessions a new one takes the place of the
// least recently used session if that one has been unused for a minute and has nothing in flight,
// else gets 503 with Retry-After; an ended one frees its place, one idle past --session-idle-ms is
// closed and its id then gets 404 (the client starts over, as the spec says); requests without a
// session are served statelessly and hold no place. The clock is faked (Date only) where the policy
// counts minutes, so nothing waits for them.
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1HttpTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EVICTABLE_AFTER_MS } from "../../src/cli/eviction.ts";
import { mcpHeaders, postInitialize, raw, startHttp, type RawResponse } from "../support/http.ts";

const sessionOf = (response: RawResponse): string => {
  const id = response.headers["mcp-session-id"];
  if (typeof id !== "string") throw new Error(`no session in ${response.status} ${response.body}`);
  return id;
};

const inSession = (url: string, session: string | undefined, message: object): Promise<RawResponse> =>
  raw(
    url,
    "POST",
    {
      ...mcpHeaders,
      "mcp-protocol-version": "2025-06-18",
      ...(session === undefined ? {} : { "mcp-session-id": session }),
    },
    JSON.stringify({ jsonrpc: "2.0", id: 2, ...message }),
  );

const listTools = (url: string, session?: string): Promise<RawResponse> =>
  inSession(url, session, { method: "tools/list" });

afterEach(() => {
  vi.useRealTimers();
});

/** Date.now() frozen, moved on by hand; timers and I/O keep real time. */
function fakeClock(): (ms: number) => void {
  vi.useFakeTimers({ toFake: ["Date"] });
  return (ms) => vi.setSystemTime(Date.now() + ms);
}

describe("2025-era sessions", () => {
  it.each([[1], [3]])(
    "holds at most --max-sessions %i, refusing more with 503 while all are in recent use, until one ends",
    async (maxSessions) => {
      const endpoint = await startHttp({ maxSessions });
      const opened = await Promise.all(Array.from({ length: maxSessions + 2 }, () => postInitialize(endpoint.url)));
      const statuses = opened.map((response) => response.status).sort();
      expect(statuses).toEqual([...Array(maxSessions).fill(200), 503, 503]);
      const refused = opened.find((response) => response.status === 503)!;
      // The oldest turns evictable a minute after its last use, which was just now.
      expect(refused.headers["retry-after"]).toBe(String(EVICTABLE_AFTER_MS / 1000));
      expect(JSON.parse(refused.body)).toMatchObject({
        error: {
          message: expect.stringMatching(
            new RegExp(`limit of ${maxSessions} sessions, all in recent use; retry later`),
          ),
        },
      });
      expect(endpoint.sessions()).toBe(maxSessions);

      const first = sessionOf(opened.find((response) => response.status === 200)!);
      expect((await listTools(endpoint.url, first)).status).toBe(200);
      expect(
        (await raw(endpoint.url, "DELETE", { "mcp-session-id": first, "mcp-protocol-version": "2025-06-18" })).status,
      ).toBe(200);
      expect(endpoint.sessions()).toBe(maxSessions - 1);
      expect((await listTools(endpoint.url, first)).status).toBe(404);
      expect((await postInitialize(endpoint.url)).status).toBe(200);
    },
  );

  it("closes a session idle past --session-idle-ms; its id then gets 404, and a used one stays", async () => {
    const endpoint = await startHttp({ sessionIdleMs: 1_000 });
    const idle = sessionOf(await postInitialize(endpoint.url));
    const used = sessionOf(await postInitialize(endpoint.url));
    for (let step = 0; step < 4; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await listTools(endpoint.url, used)).status).toBe(200);
    }
    const gone = await listTools(endpoint.url, idle);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatch(/session not found: it ended or expired; send initialize to start a new one/);
    expect(endpoint.sessions()).toBe(1);
  });

  it("serves requests without a session statelessly, holding no place", async () => {
    const endpoint = await startHttp({ maxSessions: 1 });
    for (let round = 0; round < 5; round += 1) {
      const response = await listTools(endpoint.url);
      expect(response.status).toBe(200);
      expect(response.body).toContain("CloudSheets_GetSpreadsheet");
    }
    expect(endpoint.sessions()).toBe(0);
  });
});

describe("eviction at --max-sessions", () => {
  it(
    "lets a real 2025-era client in past a table flooded " + "with idle sessions, and keeps it while it is used",
    async () => {
      const advance = fakeClock();
      const endpoint = await startHttp();
      const flood = await Promise.all(Array.from({ length: 100 }, () => postInitialize(endpoint.url)));
      expect(flood.every((response) => response.status === 200)).toBe(true);
      expect(endpoint.sessions()).toBe(100);
      expect((await postInitialize(endpoint.url)).status).toBe(503);

      advance(EVICTABLE_AFTER_MS);
      const client = new V1Client({ name: "after-the-flood", version: "1.0.0" });
      await client.connect(new V1HttpTransport(new URL(endpoint.url)));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("CloudSheets_WhoAmI");
      expect((await client.callTool({ name: "CloudSheets_WhoAmI", arguments: {} })).isError).toBeFalsy();
      expect(endpoint.sessions()).toBe(100);
      // The least recently used session gave way: the first one opened.
      expect((await listTools(endpoint.url, sessionOf(flood[0]!))).status).toBe(404);

      // The flood goes on: it takes the places of its own idle sessions, then is refused; the client, in use, stays.
      advance(EVICTABLE_AFTER_MS / 2);
      const more = await Promise.all(Array.from({ length: 120 }, () => postInitialize(endpoint.url)));
      expect(more.filter((response) => response.status === 200)).toHaveLength(99);
      expect(more.filter((response) => response.status === 503)).toHaveLength(21);
      expect((await client.callTool({ name: "CloudSheets_WhoAmI", arguments: {} })).isError).toBeFalsy();
      expect(endpoint.sessions()).toBe(100);
      await client.close();
    },
  );

  it(
    "never evicts a session with a call in flight, however " + "long since it began, nor one used within the minute",
    async () => {
      const advance = fakeClock();
      let release: () => void = () => undefined;
      let enter: () => void = () => undefined;
      const entered = new Promise<void>((resolve) => (enter = resolve));
      const endpoint = await startHttp(
        { maxSessions: 1 },
        {
          call: () => {
            enter();
            return new Promise((resolve) => (release = () => resolve(null)));
          },
        },
      );
      const busy = sessionOf(await postInitialize(endpoint.url));
      const call = inSession(endpoint.url, busy, {
        method: "tools/call",
        params: { name: "CloudSheets_WhoAmI", arguments: {} },
      });
      await entered;

      advance(10 * EVICTABLE_AFTER_MS);
      const whileBusy = await postInitialize(endpoint.url);
      expect(whileBusy.status).toBe(503);
      expect(whileBusy.headers["retry-after"]).toBe(String(EVICTABLE_AFTER_MS / 1000));

      release();
      expect((await call).status).toBe(200);
      // The call's end counts as use: the session is a minute from evictable again.
      advance(EVICTABLE_AFTER_MS - 1_000);
      const justUsed = await postInitialize(endpoint.url);
      expect(justUsed.status).toBe(503);
      expect(justUsed.headers["retry-after"]).toBe("1");
      expect((await listTools(endpoint.url, busy)).status).toBe(200);

      advance(EVICTABLE_AFTER_MS);
      expect((await postInitialize(endpoint.url)).status).toBe(200);
      expect((await listTools(endpoint.url, busy)).status).toBe(404);
    },
  );

  it("counts only requests, not a client's open GET stream, as use", async () => {
    const advance = fakeClock();
    const endpoint = await startHttp({ maxSessions: 1 });
    const methods: string[] = [];
    const fetch = (url: string | URL, init?: RequestInit): Promise<Response> => {
      methods.push(init?.method ?? "GET");
      return globalThis.fetch(url, init);
    };
    const client = new V1Client({ name: "listener", version: "1.0.0" });
    await client.connect(new V1HttpTransport(new URL(endpoint.url), { fetch }));
    await vi.waitFor(() => expect(methods).toContain("GET"));
    advance(EVICTABLE_AFTER_MS);
    expect((await postInitialize(endpoint.url)).status).toBe(200);
    await expect(client.listTools()).rejects.toThrow(/404|session not found/i);
    await client.close();
  });
});
