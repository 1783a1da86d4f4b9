// The footprint rows judge each package's cold import against the target on its median, show the
// empty-module floor beside them, and judge the one-validator consumer rows on whether another tool
// of the server reached the bundle.
import { describe, expect, it } from "vitest";
import type { FootprintResult, Sizes } from "../footprint.ts";
import { coldImportTargetMs, footprintRows } from "../report.ts";

const sizes = (median: number): Sizes => ({
  ownGzipBytes: 3_000,
  withRuntimeGzipBytes: 15_000,
  searchIndexGzipBytes: 600,
  coldImportMs: { median, min: median - 1, max: median + 1, runs: 5 },
});

const result = (median: number, otherToolsIncluded: string[] = []): FootprintResult => ({
  base: "abc1234",
  runtimeGzipBytes: 12_000,
  packages: [{ slug: "cloud-contacts", tools: 5, ...sizes(median), before: sizes(20) }],
  consumers: [{ tool: "CloudSheets.GetSpreadsheet", gzipBytes: 4_000, beforeGzipBytes: 5_000, otherToolsIncluded }],
});

describe("footprintRows", () => {
  it("holds the cold import to 10 ms", () => {
    expect(coldImportTargetMs).toBe(10);
    expect(footprintRows(result(5))[0]![5]).toBe("≤ 10 ms import");
  });

  it.each([
    [4.2, "yes"],
    [10, "yes"],
    [10.01, "**no**"],
    [21.7, "**no**"],
  ])("marks a %d ms median %s", (median, met) => {
    const [row] = footprintRows(result(median));
    expect(row![6]).toBe(met);
    expect(row![2]).toContain(`cold import ${median.toFixed(1)} ms`);
  });

  it("shows the import time as a ratio of the earlier commit's", () => {
    expect(footprintRows(result(5))[0]![4]).toBe("0.25× the import time");
  });

  it("shows the empty-module floor when the run measured it, and no row otherwise", () => {
    const floor = (f: FootprintResult) => footprintRows(f).find((row) => row[1]!.startsWith("floor:"));
    expect(floor(result(5))).toBeUndefined();
    const row = floor({ ...result(5), emptyImportMs: { median: 5.1, min: 4.8, max: 6, runs: 5 } });
    expect(row?.[2]).toBe("cold import 5.1 ms");
    expect(row?.[4]).toBe("0.51× the target");
    expect(row?.[6]).toBe("");
  });

  it.each([
    [[], "yes", "no other tool of the server in the bundle"],
    [["WriteToCell"], "**no**", "includes WriteToCell"],
  ])("marks a consumer bundle holding %j as %s", (others, met, text) => {
    const rows = footprintRows(result(5, others));
    const consumer = rows.at(-1)!;
    expect(consumer[1]).toBe("imports validateGetSpreadsheet only");
    expect(consumer[3]).toContain(text);
    expect(consumer[6]).toBe(met);
  });
});
