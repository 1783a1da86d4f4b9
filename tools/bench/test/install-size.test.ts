import { describe, expect, it } from "vitest";
import { closure, type Located } from "../install-size.ts";

// A dependency graph held in memory: each package's size, and its dependency list.
const graph: Record<string, { bytes: number; dependencies: string[]; bin?: Record<string, string> }> = {
  app: { bytes: 100, dependencies: ["lib", "gone"] },
  lib: { bytes: 20, dependencies: ["util", "gone"] },
  util: { bytes: 3, dependencies: [], bin: { tsc: "bin/tsc" } },
};
const locate = (name: string): Located | undefined => {
  const node = graph[name];
  if (node === undefined) return undefined;
  const dependencies = Object.fromEntries(node.dependencies.map((d) => [d, "*"]));
  const manifest = { name, dependencies, ...(node.bin === undefined ? {} : { bin: node.bin }) };
  return { dir: `/nm/${name}`, manifest, bytes: node.bytes };
};

describe("closure", () => {
  it("counts each installed package once and names, without counting, those this install does not hold", () => {
    expect(closure(["app"], "/", locate)).toEqual({ bytes: 123, dependencies: 2, hasTsc: true, unresolved: ["gone"] });
  });

  it("has no unresolved list when every package resolves", () => {
    expect(closure(["util"], "/", locate)).toEqual({
      bytes: 3,
      dependencies: 0,
      hasTsc: true,
    });
  });
});
