// Load on loopback: 4,000 stateless 2026-07-28 calls from 50 clients at once leave the heap flat
// (within 10 % of its size once warm) and no session behind. In a process of its own, so the heap
// measured is the server's and its clients' only. The bench runs 10,000 calls from 200 clients and
// measures speed; this test guards the heap (a request that kept its transport, a few KB, would
// grow it by far more than 10 %).
import { describe, expect, it } from "vitest";
import { runLoadInChild } from "../support/load.ts";

describe("4,000 stateless calls over HTTP", () => {
  it("keep the heap within 10 % and hold no session", async () => {
    const result = await runLoadInChild({ clients: 50, warmup: 1_000, requests: 4_000 });
    expect(result.sessions).toBe(0);
    expect(result.heapEndBytes / result.heapWarmBytes).toBeGreaterThan(0.9);
    expect(result.heapEndBytes / result.heapWarmBytes).toBeLessThan(1.1);
  }, 180_000);
});
