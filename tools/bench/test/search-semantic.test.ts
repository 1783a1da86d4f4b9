// The semantic-search experiment's ranking parts, on vectors and rankings made here (the encoder
// itself is not a workspace dependency): cosine, the cosine ranking and weighted reciprocal-rank
// fusion.
import { describe, expect, it } from "vitest";
import { cosine, type SemanticTool } from "../search-semantic-encoder.ts";
import { cosineRanker, fused } from "../search-semantic.ts";

const v = (...values: number[]) => Float32Array.from(values);

describe("cosine", () => {
  it.each([
    { a: v(1, 0), b: v(1, 0), expected: 1 },
    { a: v(1, 0), b: v(0, 1), expected: 0 },
    { a: v(1, 1), b: v(-1, -1), expected: -1 },
    { a: v(3, 4), b: v(6, 8), expected: 1 },
    // A zero vector is similar to nothing, not NaN.
    { a: v(0, 0), b: v(1, 2), expected: 0 },
  ])("cos($a, $b) = $expected", ({ a, b, expected }) => {
    expect(cosine(a, b)).toBeCloseTo(expected, 12);
  });
});

describe("cosineRanker", () => {
  const tool = (name: string, vector: Float32Array): SemanticTool => ({ name, server: "S", text: name, vector });
  it("ranks by cosine to the query's vector, ties in name order", () => {
    const tools = [tool("S.B", v(0, 1)), tool("S.A", v(0, 1)), tool("S.C", v(1, 0.1))];
    const rank = cosineRanker(tools, new Map([["q", v(0, 1)]]));
    expect(rank("q")).toEqual(["S.A", "S.B", "S.C"]);
  });
});

describe("fused (weighted reciprocal-rank fusion)", () => {
  const lexical = () => ["a", "b", "c"];
  const semantic = () => ["c", "d", "a"];
  it.each([
    // Weight 0 is the lexical ranking, then what only the other ranking has.
    { weight: 0, expected: ["a", "b", "c", "d"] },
    { weight: 1, expected: ["c", "d", "a", "b"] },
    // Equal shares: a (1st and 3rd) and c (3rd and 1st) tie and are ordered by name.
    { weight: 0.5, expected: ["a", "c", "b", "d"] },
    // A small semantic share lifts c past b, but not past a.
    { weight: 0.2, expected: ["a", "c", "b", "d"] },
  ])("weight $weight", ({ weight, expected }) => {
    expect(fused(lexical, semantic, weight)("")).toEqual(expected);
  });

  it("adds 1/(k + rank) shares", () => {
    const scoresOrder = fused(
      () => ["x", "y"],
      () => ["y"],
      0.5,
      1,
    )("");
    // x: 0.5/2 = 0.25; y: 0.5/3 + 0.5/2 ≈ 0.417.
    expect(scoresOrder).toEqual(["y", "x"]);
  });
});
