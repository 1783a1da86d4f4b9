// The line layout: one line when it fits, otherwise broken group by group, never changing the code
// (only whitespace and trailing separators differ) and never past the width while atoms fit.
import { describe, expect, it } from "vitest";
import {
  arrayLiteral,
  call,
  chain,
  flat,
  layout,
  maxLineLength,
  prefixed,
  pure,
  suffixed,
  typeLiteral,
  wrapText,
  type Code,
} from "../../../src/emit/core/layout.ts";
import { seededRandom } from "../hostile-text.ts";

const random = seededRandom(0x1a70);

function randomAtom(): string {
  const length = 1 + Math.floor(random() * 30);
  return Array.from({ length }, () => "abcdefghij_"[Math.floor(random() * 11)]).join("");
}

function randomCode(depth: number): Code {
  if (depth === 0 || random() < 0.3) return randomAtom();
  const items = Array.from({ length: Math.floor(random() * 6) }, () => randomCode(depth - 1));
  const kinds = [
    () => call(randomAtom(), items),
    () => arrayLiteral(items),
    () => chain("&&", items.length > 0 ? items : ["x"]),
  ];
  return kinds[Math.floor(random() * kinds.length)]!();
}

/** The code with whitespace and trailing commas removed: what layout may not change. */
const normalise = (text: string): string => text.replace(/,(\s*[)\]}])/g, "$1").replace(/\s+/g, "");

describe("layout", () => {
  it.each([
    ["fits on one line", call("f", ["a", "b"]), 20, ["f(a, b)"]],
    ["breaks arguments one per line", call("f", ["alpha", "beta"]), 10, ["f(", "  alpha,", "  beta,", ")"]],
    [
      "breaks a chain with the operator at the line end",
      prefixed("if (", suffixed(chain("&&", ["a1", "b2"]), ")")),
      8,
      ["if (", "  a1 &&", "  b2", ")"],
    ],
    [
      "pads a type literal on one line",
      typeLiteral(["a?: unknown", "b?: unknown"]),
      40,
      ["{ a?: unknown; b?: unknown }"],
    ],
    [
      "breaks only the group that does not fit",
      call("f", [arrayLiteral(["x", "y"]), "z"]),
      11,
      ["f(", "  [x, y],", "  z,", ")"],
    ],
    ["annotates an arrow called at once", pure(call("f", ["a"])), 40, ["/* @__PURE__ */ (() => f(a))()"]],
    [
      "breaks an annotated arrow around its body",
      prefixed("x = ", pure(call("f", ["alpha"]))),
      20,
      ["x = /* @__PURE__ */ (() =>", "  f(alpha)", ")()"],
    ],
  ] as const)("%s", (_, code, width, lines) => {
    expect(layout(code, width)).toEqual(lines);
  });

  it("keeps the code and the width for random nested groups", () => {
    for (let n = 0; n < 2000; n++) {
      const code = randomCode(4);
      const lines = layout(code, 60);
      expect(normalise(lines.join("\n"))).toBe(normalise(flat(code)));
      // Atoms are at most 30 long and groups add at most two per level of nesting.
      for (const line of lines) expect(line.length, lines.join("\n")).toBeLessThanOrEqual(60 + 30);
    }
  });

  it("never breaks a line that fits within maxLineLength", () => {
    expect(layout(call("f", ["a".repeat(maxLineLength - 3)]), maxLineLength)).toHaveLength(1);
  });
});

describe("wrapText", () => {
  it.each([
    ["short text", "a b c", 10, "a b c"],
    ["at spaces", "aaaa bbbb cccc", 9, "aaaa bbbb\ncccc"],
    ["a word longer than the width", "abcdefghij", 4, "abcd\nefgh\nij"],
    ["each line on its own", "aa bb\ncc dd", 5, "aa bb\ncc dd"],
  ])("wraps %s", (_, text, width, wrapped) => {
    expect(wrapText(text, width)).toBe(wrapped);
  });

  it("keeps every word and no line is longer than the width", () => {
    for (let n = 0; n < 500; n++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 40) }, randomAtom).join(random() < 0.1 ? "\n" : " ");
      const wrapped = wrapText(text, 25);
      expect(wrapped.replace(/\s+/g, "")).toBe(text.replace(/\s+/g, ""));
      for (const line of wrapped.split("\n")) expect(line.length).toBeLessThanOrEqual(25);
    }
  });
});
