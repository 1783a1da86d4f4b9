import { describe, expect, it } from "vitest";
import config from "../../../vitest.config.ts";
import { projectNames } from "../suites.ts";

describe("projectNames", () => {
  it.each([
    [[], []],
    [
      [{ test: { name: "a" } }, { test: { name: "b" } }],
      ["a", "b"],
    ],
    // A glob, an unnamed inline project or a non-object names no suite the bench could run by name.
    [["packages/*", { test: {} }, null, 3, { test: { name: 4 } }, { test: { name: "c" } }], ["c"]],
  ])("%j → %j", (projects, expected) => {
    expect(projectNames(projects)).toEqual(expected);
  });

  it("finds every suite of vitest.config.ts", () => {
    expect(projectNames(config.test?.projects ?? [])).toEqual([
      "generators",
      "runtime",
      "mcp",
      "mcp-memory",
      "code",
      "code-isolated",
      "tools",
      "contract",
      "frameworks",
      "e2e",
    ]);
  });
});
