// The README's loss line over seeded random drop lists with hostile pointers: one line, every
// dropped keyword and pointer named through the markdown code escaper, providers with the same
// checks (in any order) sharing one entry, and no line when nothing is dropped.
import { describe, expect, it } from "vitest";
import { pointer } from "../../../../packages/runtime/src/validation.ts";
import type { DroppedKeyword } from "../../../../packages/runtime/src/lowering/lowered.ts";
import type { ToolLowering } from "../../../../packages/runtime/src/manifest.ts";
import { markdownCode } from "../../../src/emit/core/escape.ts";
import { lossLead, lossLine } from "../../../src/emit/readme/loss-report.ts";
import { hostileString, seededRandom } from "../hostile-text.ts";

const keywords = ["pattern", "allOf", "minLength", "format", "contentMediaType", "dependentRequired"];

function dropList(random: () => number): DroppedKeyword[] {
  return Array.from({ length: Math.floor(random() * 4) }, () => {
    const at = random() < 0.3 ? "" : pointer("properties", hostileString(random, 2));
    return { pointer: at, keyword: keywords[Math.floor(random() * keywords.length)]!, reason: "a check" };
  });
}

const shuffled = <T>(list: readonly T[], random: () => number): T[] =>
  list
    .map((item) => [random(), item] as const)
    .sort(([a], [b]) => a - b)
    .map(([, item]) => item);

const lowering = (openai: DroppedKeyword[], anthropic: DroppedKeyword[], gemini: DroppedKeyword[]): ToolLowering => ({
  openAiStrict: true,
  strictNulls: [],
  notEnforced: { openai, anthropic, gemini },
});

describe("lossLine", () => {
  it("is absent when every provider form enforces everything", () => {
    expect(lossLine(lowering([], [], []))).toBeUndefined();
  });

  it("names every dropped keyword and pointer, escaped, on one line (seeded)", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = seededRandom(seed);
      const forms = [dropList(random), dropList(random), dropList(random)] as const;
      const line = lossLine(lowering(...forms));
      if (forms.every((list) => list.length === 0)) {
        expect(line, `seed ${seed}`).toBeUndefined();
        continue;
      }
      expect(line?.startsWith(`${lossLead} `), `seed ${seed}`).toBe(true);
      expect(line, `seed ${seed}`).not.toMatch(/[\n\r\u2028\u2029]/);
      for (const { pointer: at, keyword } of forms.flat()) {
        expect(line, `seed ${seed}`).toContain(markdownCode(keyword));
        expect(line, `seed ${seed}`).toContain(at === "" ? "at the root" : markdownCode(at));
      }
    }
  });

  it("gives providers that drop the same checks, in any order, one entry (seeded)", () => {
    for (let seed = 1; seed <= 100; seed++) {
      const random = seededRandom(seed);
      const shared = [...dropList(random), { pointer: "/properties/a", keyword: "pattern", reason: "a text pattern" }];
      const line = lossLine(lowering(shared, [], shuffled(shared, random)));
      expect(line, `seed ${seed}`).toMatch(new RegExp(`^${lossLead} OpenAI, Gemini: [^]*\\.$`));
      expect(line?.includes("Anthropic"), `seed ${seed}`).toBe(false);
    }
  });

  it.each([
    [[{ pointer: "", keyword: "allOf" }], [], "Anthropic: `allOf` at the root."],
    [
      [
        { pointer: "/properties/a", keyword: "pattern" },
        { pointer: "/properties/a", keyword: "format" },
      ],
      [],
      "Anthropic: `format`, `pattern` at `/properties/a`.",
    ],
    [
      [{ pointer: "/properties/a|b", keyword: "pattern" }],
      [{ pointer: "", keyword: "allOf" }],
      "Anthropic: `pattern` at `/properties/a\\|b`. Gemini: `allOf` at the root.",
    ],
  ])("renders %j", (anthropic, gemini, expected) => {
    const withReason = (list: readonly { pointer: string; keyword: string }[]) =>
      list.map((d) => ({ ...d, reason: "a check" }));
    expect(lossLine(lowering([], withReason(anthropic), withReason(gemini)))).toBe(`${lossLead} ${expected}`);
  });
});
