// The tool search section's parts: the ranking metrics on hand-computed cases, both query sets
// (every tool of the catalog asked for at least once, each expected name a real tool), and the
// naive keyword baseline's order.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceRoot } from "../../../test/support/packages.ts";
import { naiveKeywords } from "../search-baselines.ts";
import { searchRows } from "../search-report.ts";
import { mark } from "../table.ts";
import { quality, quantile, rankOf } from "../search-metrics.ts";
import { readQuerySet } from "../search-sets.ts";

describe("ranking metrics", () => {
  it("computes recall, MRR and nDCG@10 from ranks", () => {
    const q = quality([1, 2, 6, undefined]);
    expect(q.queries).toBe(4);
    expect(q.recallAt1).toBe(0.25);
    expect(q.recallAt5).toBe(0.5);
    expect(q.mrr).toBeCloseTo((1 + 1 / 2 + 1 / 6) / 4, 12);
    expect(q.ndcgAt10).toBeCloseTo((1 + 1 / Math.log2(3) + 1 / Math.log2(7)) / 4, 12);
    expect(quality([11]).ndcgAt10).toBe(0);
  });

  it("finds ranks and nearest-rank quantiles", () => {
    expect(rankOf(["a", "b"], "b")).toBe(2);
    expect(rankOf(["a"], "z")).toBeUndefined();
    // Two equally right tools: the better ranked one counts.
    expect(rankOf(["a", "b", "c"], ["c", "b"])).toBe(2);
    expect(rankOf(["a"], ["y", "z"])).toBeUndefined();
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([quantile(values, 0.5), quantile(values, 0.99), quantile(values, 1)]).toEqual([50, 99, 100]);
  });
});

describe.each(["tuning", "heldOut"] as const)("the %s query set", (set) => {
  const queries = readQuerySet(set);
  const tools = [
    "cloud-contacts",
    "cloud-sheets",
    "creator-api",
    "crm-events-api",
    "engine-api",
    "recruit-api",
    "sigma-api",
  ].flatMap((slug) =>
    (
      JSON.parse(readFileSync(join(workspaceRoot, "packages", slug, "manifest.json"), "utf8")) as {
        tools: { fullName: string }[];
      }
    ).tools.map((t) => t.fullName),
  );

  it("asks for every tool at least once, and only for tools that exist", () => {
    const asked = new Set(queries.flatMap((q) => q.expected));
    expect(tools.filter((tool) => !asked.has(tool))).toEqual([]);
    expect([...asked].filter((tool) => !tools.includes(tool))).toEqual([]);
    expect(queries.length).toBeGreaterThanOrEqual(tools.length);
  });

  it("has no query twice, and kinds only from the four (held-out)", () => {
    expect(new Set(queries.map((q) => q.query.toLowerCase())).size).toBe(queries.length);
    const kinds = new Set(queries.map((q) => q.kind));
    expect([...kinds].sort()).toEqual(
      set === "tuning" ? [undefined] : ["keyword", "near-neighbour", "paraphrase", "task"],
    );
  });
});

describe("naive keyword baseline", () => {
  it("ranks by distinct query words found, ties in name order", () => {
    const rank = naiveKeywords([
      { name: "S.B", server: "S", text: "delete a widget" },
      { name: "S.A", server: "S", text: "delete a gadget" },
      { name: "S.C", server: "S", text: "list widgets" },
    ]);
    expect(rank("delete widget widget")).toEqual(["S.B", "S.A"]);
  });
});

describe("search report rows", () => {
  // Four queries: found first, found fifth, found eighth, not found.
  const q = quality([1, 5, 8, undefined]);
  const set = (kinds: Record<string, typeof q>) => ({ catalog: q, kinds, servers: { A: q }, emptyAnswers: 0 });
  const rows = searchRows({
    quality: [
      { name: "chosen", sets: { tuning: set({}), heldOut: set({ task: q, paraphrase: q }) } },
      { name: "alternative", sets: { tuning: set({}), heldOut: set({}) } },
    ],
    latencyMs: { p50: 0.1, p99: 0.5, max: 1, calls: 21 },
    packages: [],
    importBeforeAfter: [],
    toolFileTokens: {},
  } as never);
  const row = (measure: string) => rows.find((r) => r[1].startsWith(measure));

  it("puts both sets side by side for every contender, targets checked on the held-out set", () => {
    expect(row("chosen: whole catalog")?.[2]).toBe(
      "tuning R@5 0.500, nDCG@10 0.426; held-out R@5 0.500, nDCG@10 0.426",
    );
    expect(row("chosen: whole catalog")?.[6]).toBe(mark(false));
    expect(row("alternative: whole catalog")?.[5]).toBe("");
  });

  it("has a row per held-out kind with its own target, per server, and for empty answers", () => {
    expect(row("chosen: held-out paraphrase")?.[5]).toBe("R@5 ≥ 0.85");
    expect(row("chosen: held-out task")?.[5]).toBe("R@5 ≥ 0.90");
    expect(row("A, its package alone")?.[2]).toContain("held-out R@5 0.500");
    expect(row("empty answers")?.[6]).toBe(mark(true));
  });
});
