import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe as suite, expect, it, vi } from "vitest";
import { deadline } from "../../src/internal/deadline.js";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const abortedBy = (reason: unknown) => {
  const caller = new AbortController();
  caller.abort(reason);
  return caller.signal;
};

suite("deadline", () => {
  // What the signal says after `wait` ms, for a caller that aborts (or not) at `abortAt` ms.
  const cases = [
    { name: "follows a caller that aborts first", ms: 100, abortAt: 10, wait: 200, timedOut: false, reason: "left" },
    { name: "times out when the caller waits", ms: 100, abortAt: 500, wait: 200, timedOut: true, reason: "timeout" },
    {
      name: "follows the caller with no limit",
      ms: undefined,
      abortAt: 10,
      wait: 200,
      timedOut: false,
      reason: "left",
    },
    {
      name: "never aborts with neither",
      ms: undefined,
      abortAt: undefined,
      wait: 9e3,
      timedOut: false,
      reason: undefined,
    },
  ] as const;
  it.each(cases)("$name", ({ ms, abortAt, wait, timedOut, reason }) => {
    const caller = new AbortController();
    if (abortAt !== undefined) setTimeout(() => caller.abort("left"), abortAt);
    const limit = deadline(caller.signal, ms);
    vi.advanceTimersByTime(wait);
    expect(limit.timedOut).toBe(timedOut);
    expect(limit.signal.aborted).toBe(reason !== undefined);
    if (reason === "timeout") {
      expect(limit.signal.reason).toBeInstanceOf(DOMException);
      expect(limit.signal.reason).toMatchObject({ name: "TimeoutError" });
    } else expect(limit.signal.reason).toBe(reason);
  });

  it("is aborted at once, with its reason, when the caller already is", () => {
    const limit = deadline(abortedBy("gone"), 100);
    expect(limit.signal.aborted).toBe(true);
    expect(limit.signal.reason).toBe("gone");
    // No timer was started for a signal that cannot abort again.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("works without a caller's signal", () => {
    const limit = deadline(undefined, 50);
    vi.advanceTimersByTime(50);
    expect(limit.timedOut).toBe(true);
  });

  // The point of the helper: nothing of a finished call stays behind, neither its timer nor a listener
  // on the caller's signal (a long-lived one, such as a server's, would collect one per call).
  it("leaves no timer and no listener once released", () => {
    const caller = new AbortController();
    const limits = Array.from({ length: 3 }, () => deadline(caller.signal, 30_000));
    expect(vi.getTimerCount()).toBe(3);
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(3);
    for (const limit of limits) limit.release();
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
    caller.abort("late");
    vi.advanceTimersByTime(60_000);
    expect(limits.map((limit) => [limit.signal.aborted, limit.timedOut])).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
  });

  it("keeps the caller's reason when the time limit passes afterwards", () => {
    const caller = new AbortController();
    const limit = deadline(caller.signal, 100);
    caller.abort("first");
    vi.advanceTimersByTime(200);
    expect(limit.timedOut).toBe(false);
    expect(limit.signal.reason).toBe("first");
  });
});
