// oncePer computes once per key object, oncePerProcess once per key value, and each hands every
// caller the same result.
import { describe, expect, it } from "vitest";
import { oncePer, oncePerProcess } from "../../src/core/once-per.ts";

describe("oncePer", () => {
  it("computes once per key object, again for an equal but distinct one", () => {
    let calls = 0;
    const size = oncePer((key: { items: number[] }) => ({ size: key.items.length, call: ++calls }));
    const key = { items: [1, 2] };
    const first = size(key);
    expect(size(key)).toBe(first);
    expect(first).toEqual({ size: 2, call: 1 });
    expect(size({ items: [1, 2] })).toEqual({ size: 2, call: 2 });
  });

  it("oncePerProcess computes once per key value", () => {
    let calls = 0;
    const twice = oncePerProcess((key: string) => ({ text: key + key, call: ++calls }));
    const first = twice("ab");
    expect(twice("ab")).toBe(first);
    expect(first).toEqual({ text: "abab", call: 1 });
    expect(twice("cd")).toEqual({ text: "cdcd", call: 2 });
  });
});
