// The generation rows: toolcat against each peer, and the floor row once a run has measured a
// process that only loads ts-morph (older results lack it and render as before).
import { describe, expect, it } from "vitest";
import type { GenerationResult } from "../generation.ts";
import { generationRows } from "../report.ts";

const stats = (median: number) => ({ median, min: median, max: median, runs: 5 });
const peer = (median: number) => ({ version: "1.0.0", wallMs: stats(median), peakMb: 100, bytes: 1_000 });

const result = (floorMs?: number): GenerationResult => ({
  tools: 260,
  packages: 7,
  operations: 260,
  toolcat: { wallMs: stats(900), peakMb: 190, pipelineMs: 700, files: 400, bytes: 5_000_000 },
  profile: { totalMs: 900, groups: [], functions: [] },
  openapiTypescript: peer(1_000),
  heyApi: { ...peer(2_000), node: "22" },
  ratio: 0.9,
  heyApiRatio: 0.45,
  ...(floorMs === undefined ? {} : { tsMorphLoad: { wallMs: stats(floorMs), peakMb: 120, ratio: floorMs / 1_000 } }),
});

describe("generationRows", () => {
  it("judges toolcat against openapi-typescript's 0.6× and shows hey-api unjudged", () => {
    const [oat, hey, ...rest] = generationRows(result());
    expect(oat![4]).toBe("0.9× the time");
    expect(oat![6]).toBe("**no**");
    expect(hey![3]).toContain("@hey-api/openapi-ts 1.0.0 on Node 22");
    expect(hey![6]).toBe("");
    expect(rest).toEqual([]);
  });

  it("adds the ts-morph floor as a ratio of openapi-typescript's whole run", () => {
    const floor = generationRows(result(700)).at(-1)!;
    expect(floor[1]).toBe("floor: a process that only loads ts-morph, as toolcat's bin does");
    expect(floor[2]).toBe("700 ms, peak 120 MB");
    expect(floor[3]).toBe("openapi-typescript's whole run: 1,000 ms");
    expect(floor[4]).toBe("0.7× the time");
  });
});
