// Families are written after the families they take from, in the listed order otherwise, and a
// loop between them is refused naming it.
import { describe, expect, it } from "vitest";
import { inDependencyOrder, type EmitFamily } from "../../../src/emit/core/family.ts";
import { emitFamilies, emitters } from "../../../src/emit/registry.ts";

function family(name: string, takes: EmitFamily[] = []): EmitFamily {
  return { name, takes, emitters: [] };
}

describe("inDependencyOrder", () => {
  const a = family("a");
  const b = family("b", [a]);
  const c = family("c");
  const d = family("d", [c, b]);

  it.each([
    ["listed order where nothing decides", [a, c], ["a", "c"]],
    ["a family after what it takes", [b, c], ["a", "b", "c"]],
    ["what a family takes, in its listed order", [d], ["c", "a", "b", "d"]],
    ["each family once", [d, b, a], ["c", "a", "b", "d"]],
  ])("%s", (_, families, expected) => {
    expect(inDependencyOrder(families).map((f) => f.name)).toEqual(expected);
  });

  it("refuses a loop, naming it", () => {
    const takes: EmitFamily[] = [];
    const x: EmitFamily = { name: "x", takes, emitters: [] };
    takes.push(family("y", [x]));
    expect(() => inDependencyOrder([x])).toThrow("emit families loop: x → y → x");
  });
});

describe("the registry", () => {
  it("lists every family after the families it takes from", () => {
    emitFamilies.forEach((f, i) => {
      for (const taken of f.takes) expect(emitFamilies.indexOf(taken), `${f.name} takes ${taken.name}`).toBeLessThan(i);
    });
  });

  it("lists each family's emitters together, in family order, the index last", () => {
    expect(emitters.map((e) => e.id)).toEqual([...emitFamilies.flatMap((f) => f.emitters.map((e) => e.id)), "index"]);
  });
});
