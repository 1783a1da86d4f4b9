// What each tool costs a model, from the committed tool files: every one of the catalog's tools on
// every route, and the median at or under the target. Counts, not timings: this runs with the tests.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceRoot } from "../../../test/support/packages.ts";
import { toolRoutes, toolTokensByRoute, toolTokenTarget } from "../tokens.ts";

const packages = join(workspaceRoot, "packages");
/** Every tool of every generated package, from the manifests. */
const catalogTools = readdirSync(packages)
  .map((slug) => join(packages, slug, "manifest.json"))
  .filter((path) => existsSync(path))
  .reduce((sum, path) => sum + (JSON.parse(readFileSync(path, "utf8")) as { tools: unknown[] }).tools.length, 0);

describe("tokens per tool per route (o200k)", () => {
  const rows = toolTokensByRoute(workspaceRoot);

  it("counts every tool of the catalog on every route", () => {
    expect(rows.map((row) => row.route)).toEqual([...toolRoutes]);
    for (const row of rows) expect(row.tools, row.route).toBe(catalogTools);
  });

  it.each(toolRoutes)("%s: median at most the target", (route) => {
    const row = rows.find((r) => r.route === route)!;
    expect(row.median, JSON.stringify(row)).toBeLessThanOrEqual(toolTokenTarget);
    expect(row.median).toBeLessThanOrEqual(row.p90);
    expect(row.p90).toBeLessThanOrEqual(row.max);
  });
});
