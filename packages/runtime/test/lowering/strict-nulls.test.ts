// stripStrictNulls: nulls go only at the pointers given, nothing is mutated, hostile input never throws.
import { describe, expect, it } from "vitest";
import { stripStrictNulls } from "../../src/lowering/strict-nulls.js";

describe("stripStrictNulls", () => {
  it.each([
    ["an optional null", { a: 1, b: null }, ["/b"], { a: 1 }],
    ["a null at a pointer not listed stays", { a: null, b: null }, ["/b"], { a: null }],
    ["a value that is not null stays", { b: 0 }, ["/b"], { b: 0 }],
    ["an escaped key", { "a/b": null, "t~": null }, ["/a~1b", "/t~0"], {}],
    ["a nested pointer", { o: { x: null, y: 1 } }, ["/o/x"], { o: { y: 1 } }],
    ["a missing parent", { a: 1 }, ["/o/x"], { a: 1 }],
    ["an array is not an object", [null], ["/0"], [null]],
    ["not an object", "text", ["/a"], "text"],
    ["null itself", null, ["/a"], null],
  ] as const)("%s", (_label, input, pointers, expected) => {
    const before = structuredClone(input);
    expect(stripStrictNulls(input, pointers)).toEqual(expected);
    expect(input).toEqual(before);
  });

  it("answers a throwing proxy with the input as given", () => {
    const proxy = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error("trap");
        },
        ownKeys: () => {
          throw new Error("trap");
        },
      },
    );
    expect(stripStrictNulls(proxy, ["/a"])).toBe(proxy);
  });
});
