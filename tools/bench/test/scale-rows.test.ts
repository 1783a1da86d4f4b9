// The scale rows: three in-memory points, and a row for the catalog written to disk by a real
// `toolcat generate` when the result has one (older results do not), judged on the same 1 GB peak.
import { describe, expect, it } from "vitest";
import { scaleRows } from "../report.ts";
import type { ScalePoint, ScaleResult, WrittenPoint } from "../scale.ts";

const point = (tools: number, peakMb: number): ScalePoint => ({
  servers: tools / 100,
  tools,
  files: tools,
  megabytes: tools / 50,
  totalMs: { median: tools, min: tools, max: tools, runs: 1 },
  perToolMs: 1,
  cpuPerToolMs: 1,
  peakMb,
});

const result = (written?: WrittenPoint): ScaleResult => ({
  small: point(1_000, 400),
  medium: point(10_000, 500),
  large: point(100_000, 900),
  ...(written !== undefined && { written }),
  mediumPerToolRatio: 1,
  perToolRatio: 1,
  cpuPerToolRatio: 1,
});

describe("scaleRows", () => {
  it("has no written row for a result without one", () => {
    expect(scaleRows(result()).map((row) => row[0])).toEqual(Array(3).fill("3 Scale, in memory"));
  });

  it.each([
    [450, "yes", "0.9×"],
    [1_024, "yes", "2.05×"],
    [1_100, "**no**", "2.2×"],
  ])("judges a written peak of %d MB %s, against the in-memory peak", (peakMb, met, ratio) => {
    const row = scaleRows(result({ tools: 10_000, milliseconds: 30_000, peakMb })).at(-1)!;
    expect(row[0]).toBe("3 Scale, written to disk");
    expect(row[1]).toContain("10,000 tools");
    expect(row[2]).toBe(`30.0 s, peak ${peakMb.toLocaleString("en-US")} MB`);
    expect(row[3]).toBe("in memory: peak 500 MB");
    expect(row[4]).toBe(ratio);
    expect(row[6]).toBe(met);
  });
});
