// A query no index word matches still gets the tools nearest by spelling, best first, ties by order.
import { describe, expect, it } from "vitest";
import { searchFields, type ToolSearchDocument } from "../../src/search/data.js";
import { trigramRanking } from "../../src/search/fallback.js";

const document = (name: string, title: string): ToolSearchDocument => ({
  name,
  modelName: name.replace(".", "_"),
  title,
  description: `${title}.`,
  readOnly: false,
  terms: Object.fromEntries(searchFields.map((field) => [field, ""])) as ToolSearchDocument["terms"],
});

describe("trigramRanking", () => {
  const rank = trigramRanking([
    document("S.A", "List Widgets"),
    document("S.B", "Delete Gadget"),
    document("S.C", "Delete Gadget"),
  ]);

  it("ranks by shared letter triples, a misspelling included", () => {
    const hits = rank("gadgte");
    expect(hits.map((hit) => hit.id)).toEqual([1, 2, 0]);
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect(hits[0]!.score).toBe(hits[1]!.score);
    expect(hits[2]!.score).toBeLessThan(hits[0]!.score);
  });

  it("scores 0 to 1 and keeps document order when nothing is shared", () => {
    const hits = rank("zzqq");
    expect(hits.map((hit) => hit.score)).toEqual([0, 0, 0]);
    expect(hits.map((hit) => hit.id)).toEqual([0, 1, 2]);
    for (const hit of rank("list widgets")) {
      expect(hit.score).toBeGreaterThanOrEqual(0);
      expect(hit.score).toBeLessThanOrEqual(1);
    }
  });
});
