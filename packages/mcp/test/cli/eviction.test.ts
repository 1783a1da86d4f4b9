// The eviction rule by itself: the least recently used session without a request in flight gives way
// once unused for the minimum; otherwise the Retry-After is when the first could turn evictable.
import { describe, expect, it } from "vitest";
import { makeRoom, type Room, type SessionUse } from "../../src/cli/eviction.ts";

const MIN = 60_000;
const NOW = 1_000_000;

const cases: readonly (readonly [string, Record<string, SessionUse>, number, Room<string>])[] = [
  [
    "the longest unused, when unused for the minimum",
    { a: { lastUsed: NOW - MIN, inFlight: 0 }, b: { lastUsed: NOW - 2 * MIN, inFlight: 0 } },
    MIN,
    { evict: "b" },
  ],
  [
    "the longest unused among the idle, skipping a busy older one",
    { a: { lastUsed: NOW - 3 * MIN, inFlight: 1 }, b: { lastUsed: NOW - 2 * MIN, inFlight: 0 } },
    MIN,
    { evict: "b" },
  ],
  [
    "none while the oldest idle is within the minute",
    { a: { lastUsed: NOW - MIN + 1, inFlight: 0 } },
    MIN,
    { retryAfterSeconds: 1 },
  ],
  [
    "none, retry when the oldest idle turns evictable",
    { a: { lastUsed: NOW - 15_500, inFlight: 0 }, b: { lastUsed: NOW, inFlight: 0 } },
    MIN,
    { retryAfterSeconds: 45 },
  ],
  [
    "none when every session is busy, however old",
    { a: { lastUsed: NOW - 10 * MIN, inFlight: 2 } },
    MIN,
    { retryAfterSeconds: 60 },
  ],
  ["none in an empty table (every place an initialize under way)", {}, MIN, { retryAfterSeconds: 60 }],
  ["a just-used idle session when the minimum is zero", { a: { lastUsed: NOW, inFlight: 0 } }, 0, { evict: "a" }],
  [
    "never a busy one, even with a zero minimum",
    { a: { lastUsed: NOW - MIN, inFlight: 1 } },
    0,
    { retryAfterSeconds: 1 },
  ],
];

describe("makeRoom", () => {
  it.each(cases)("%s", (_, entries, minimum, expected) => {
    expect(makeRoom(new Map(Object.entries(entries)), NOW, minimum)).toEqual(expected);
  });
});
