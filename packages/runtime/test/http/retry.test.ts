import { readFileSync } from "node:fs";
import { describe as suite, expect, it } from "vitest";
import { loggerFromEnvironment } from "../../src/http/log.js";
import { failedBeforeSending, parseRetryAfter, retryableStatus, retryDelay } from "../../src/http/retry.js";
import { RUNTIME_VERSION } from "../../src/version.js";

suite("parseRetryAfter", () => {
  it.each([
    [null, undefined],
    ["3", 3_000],
    ["Thu, 01 Jan 1970 00:00:05 GMT", 5_000],
    ["Thu, 01 Jan 1970 00:00:00 GMT", 0],
    ["soon", undefined],
    ["9".repeat(400), Number.MAX_SAFE_INTEGER],
  ] as [string | null, number | undefined][])("%s → %s", (header, expected) => {
    expect(parseRetryAfter(header, 0)).toBe(expected);
  });
});

suite("retryDelay", () => {
  const options = { retryBackoffMs: 100, maxRetryDelayMs: 1_000 };

  it.each([
    [0, 0, 50],
    [0, 1, 100],
    [2, 0, 200],
    [2, 0.999_999, 400],
    [10, 1, 1_000],
    [10, 0, 500],
  ])(
    "backoff of retry %i with random %d is %i: exponential, jittered over its upper half, capped",
    (retry, random, expected) => {
      expect(retryDelay(retry, undefined, options, () => random)).toBe(expected);
    },
  );

  it.each([
    [2_000, 1_000],
    [Number.MAX_SAFE_INTEGER, 1_000],
    [300, 300],
  ])("Retry-After of %i ms waits %i ms", (retryAfterMs, expected) => {
    expect(retryDelay(0, retryAfterMs, options, () => 0)).toBe(expected);
  });

  it("never exceeds what a timer can hold, whatever maxRetryDelayMs says", () => {
    expect(
      retryDelay(0, Number.MAX_SAFE_INTEGER, { retryBackoffMs: 1, maxRetryDelayMs: Number.MAX_SAFE_INTEGER }),
    ).toBe(2 ** 31 - 1);
  });
});

suite("failedBeforeSending", () => {
  const fetchFailed = (cause: unknown) => new TypeError("fetch failed", { cause });
  const coded = (code: string) => Object.assign(new Error(code), { code });

  it.each([
    ["connection refused", fetchFailed(coded("ECONNREFUSED")), true],
    ["DNS failure", fetchFailed(coded("ENOTFOUND")), true],
    ["DNS timeout", fetchFailed(coded("EAI_AGAIN")), true],
    ["every address refused", fetchFailed(new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")])), true],
    ["one address reset", fetchFailed(new AggregateError([coded("ECONNREFUSED"), coded("ECONNRESET")])), false],
    ["connection reset", fetchFailed(coded("ECONNRESET")), false],
    ["socket closed", fetchFailed(coded("UND_ERR_SOCKET")), false],
    ["no cause", new TypeError("fetch failed"), false],
    ["not an error", "boom", false],
  ])("%s → %s", (_, error, expected) => {
    expect(failedBeforeSending(error)).toBe(expected);
  });
});

suite("retryableStatus", () => {
  it.each([
    [429, null, true],
    [503, "1", true],
    [503, null, false],
    [500, "1", false],
    [502, null, false],
  ] as [number, string | null, boolean][])("%i with Retry-After %s → %s", (status, retryAfter, expected) => {
    expect(retryableStatus(status, retryAfter)).toBe(expected);
  });
});

suite("logging and identity", () => {
  it.each([
    [{ TOOLCAT_LOG: "debug" }, true],
    [{ TOOLCAT_LOG: "info" }, false],
    [{}, false],
  ])("TOOLCAT_LOG in %j turns debug lines on: %s", (env, on) => {
    expect(loggerFromEnvironment(env) !== undefined).toBe(on);
  });

  it("names the version package.json declares", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(RUNTIME_VERSION).toBe(manifest.version);
  });
});
