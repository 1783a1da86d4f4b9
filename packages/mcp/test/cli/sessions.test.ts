// The 2025-era sessions over HTTP are bounded: a new one beyond --max-sessions gets 503 with
// Retry-After, an ended one frees its place, one idle past --session-idle-ms is closed and its id
// then gets 404 (the client starts over, as the spec says); requests without a session are served
// statelessly and hold no place.
import { describe, expect, it } from "vitest";
import { mcpHeaders, postInitialize, raw, startHttp, type RawResponse } from "../support/http.ts";

const sessionOf = (response: RawResponse): string => {
  const id = response.headers["mcp-session-id"];
  if (typeof id !== "string") throw new Error(`no session in ${response.status} ${response.body}`);
  return id;
};

const listTools = (url: string, session?: string): Promise<RawResponse> =>
  raw(url, "POST", { ...mcpHeaders, "mcp-protocol-version": "2025-06-18", ...(session === undefined ? {} : { "mcp-session-id": session }) }, JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));

describe("2025-era sessions", () => {
  it.each([[1], [3]])("holds at most --max-sessions %i, refusing more with 503 until one ends", async (maxSessions) => {
    const endpoint = await startHttp({ maxSessions });
    const opened = await Promise.all(Array.from({ length: maxSessions + 2 }, () => postInitialize(endpoint.url)));
    const statuses = opened.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(maxSessions).fill(200), 503, 503]);
    const refused = opened.find((response) => response.status === 503)!;
    expect(refused.headers["retry-after"]).toBe("5");
    expect(JSON.parse(refused.body)).toMatchObject({ error: { message: expect.stringMatching(new RegExp(`limit of ${maxSessions} sessions; retry later`)) } });
    expect(endpoint.sessions()).toBe(maxSessions);

    const first = sessionOf(opened.find((response) => response.status === 200)!);
    expect((await listTools(endpoint.url, first)).status).toBe(200);
    expect((await raw(endpoint.url, "DELETE", { "mcp-session-id": first, "mcp-protocol-version": "2025-06-18" })).status).toBe(200);
    expect(endpoint.sessions()).toBe(maxSessions - 1);
    expect((await listTools(endpoint.url, first)).status).toBe(404);
    expect((await postInitialize(endpoint.url)).status).toBe(200);
  });

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
