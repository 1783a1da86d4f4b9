// /healthz and /readyz: answered before every other check (probes come by address, without Origin
// or token), GET and HEAD only, and saying nothing but ok, starting or draining.
import { describe, expect, it } from "vitest";
import { Readiness, type ReadyState } from "../../src/cli/health.ts";
import { raw, startHttp } from "../support/http.ts";

const readinessIn = (state: ReadyState): Readiness => {
  const readiness = new Readiness();
  if (state !== "starting") readiness.ready();
  if (state === "draining") readiness.drain();
  return readiness;
};

describe("probes", () => {
  it.each([
    ["/healthz", "starting", 200, "ok\n"],
    ["/healthz", "ready", 200, "ok\n"],
    ["/healthz", "draining", 200, "ok\n"],
    ["/readyz", "starting", 503, "starting\n"],
    ["/readyz", "ready", 200, "ok\n"],
    ["/readyz", "draining", 503, "draining\n"],
    ["/readyz?verbose=1", "ready", 200, "ok\n"],
  ] as const)("GET %s while %s -> %i %j", async (path, state, status, body) => {
    const endpoint = await startHttp({ readiness: readinessIn(state), token: "a-token-of-sixteen-chars" });
    const url = new URL(path, endpoint.url).href;
    // A foreign Host and Origin and no token: a probe is answered all the same, with nothing more.
    const response = await raw(url, "GET", { host: "10.1.2.3:8080", origin: "https://evil.example.com" });
    expect([response.status, response.body]).toEqual([status, body]);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(JSON.stringify(response.headers)).not.toMatch(/toolcat|version|\d+\.\d+\.\d+/i);
  });

  it.each([
    ["HEAD", 200, ""],
    ["POST", 405, "method not allowed\n"],
    ["DELETE", 405, "method not allowed\n"],
  ])("%s /readyz -> %i", async (method, status, body) => {
    const endpoint = await startHttp();
    const response = await raw(new URL("/readyz", endpoint.url).href, method, {});
    expect([response.status, response.body]).toEqual([status, body]);
  });

  it("leaves other paths to the endpoint's checks", async () => {
    const endpoint = await startHttp();
    for (const path of ["/healthz/x", "/HEALTHZ", "/mcp/healthz"])
      expect((await raw(new URL(path, endpoint.url).href, "GET", {})).status).toBe(404);
  });
});
