// The semantic-search experiment's ranking parts, on vectors and rankings made here (the encoder
// itself is not a workspace dependency): cosine, the cosine ranking, weighted reciprocal-rank
// fusion and score mixing.
import { describe, expect, it } from "vitest";
import { cosine, type SemanticTool } from "../search-semantic-encoder.ts";
import { cosineScorer, fused, mixed, ranked } from "../search-semantic.ts";

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

describe("cosineScorer", () => {
  const tool = (name: string, vector: Float32Array): SemanticTool => ({ name, server: "S", text: name, vector });
  it("ranks by cosine to the query's vector, ties in name order", () => {
    const tools = [tool("S.B", v(0, 1)), tool("S.A", v(0, 1)), tool("S.C", v(1, 0.1))];
    const rank = ranked(cosineScorer(tools, new Map([["q", v(0, 1)]])));
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

describe("ranked", () => {
  it("orders by score, equal scores by name", () => {
    const scores = new Map([
      ["b", 1],
      ["c", 2],
      ["a", 1],
    ]);
    expect(ranked(() => scores)("")).toEqual(["c", "a", "b"]);
  });
});

describe("mixed (score mixing)", () => {
  // Lexical scores are divided by the query's best one: 10 → 1, 5 → 0.5.
  const lexical = () =>
    new Map([
      ["a", 10],
      ["b", 5],
    ]);
  const semantic = () =>
    new Map([
      ["a", 0],
      ["b", 0.9],
      ["c", 0.8],
    ]);
  it.each([
    // a: 0.9; b: 0.45 + 0.09; c: 0.08.
    { weight: 0.1, expected: ["a", "b", "c"] },
    // a: 0.5; b: 0.25 + 0.45 = 0.7; c: 0.4.
    { weight: 0.5, expected: ["b", "a", "c"] },
    // a: 0.1; b: 0.05 + 0.81; c: 0.72: the semantic order.
    { weight: 0.9, expected: ["b", "c", "a"] },
  ])("weight $weight", ({ weight, expected }) => {
    expect(mixed(lexical, semantic, weight)("")).toEqual(expected);
  });

  it("leaves the semantic scores alone when the lexical search found nothing", () => {
    expect(mixed(() => new Map(), semantic, 0.5)("")).toEqual(["b", "c", "a"]);
  });
});
