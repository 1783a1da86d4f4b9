// oncePer computes once per key object and hands every caller the same result.
import { describe, expect, it } from "vitest";
import { oncePer } from "../../src/core/once-per.ts";

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
});
