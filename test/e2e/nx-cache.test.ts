// Nx caching of `generate`, on a copy of the workspace: a second run is all cache hits, and after
// one spec edit exactly that package is regenerated while the other six come from the cache.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyWorkspace, type WorkspaceCopy } from "../support/workspace-copy.ts";

let ws: WorkspaceCopy;
beforeAll(() => {
  ws = copyWorkspace("toolcat-nx-");
});
afterAll(() => ws.remove());

/** Runs `npm run generate` and returns the projects whose generate target actually ran. */
function generate(): string[] {
  const result = ws.run("npx", ["nx", "run-many", "-t", "generate", "--outputStyle=static"]);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  const ran = [...result.stdout.matchAll(/^> nx run (@toolcat\/[a-z-]+):generate(.*)$/gm)].filter((m) => !/cache|existing outputs/.test(m[2] ?? ""));
  return ran.map((m) => m[1] ?? "").sort();
}

describe("npm run generate with the Nx cache", () => {
  it("regenerates only the package whose spec changed", () => {
    expect(generate()).toHaveLength(7);
    expect(generate()).toEqual([]);
    const spec = join(ws.root, "specs/cloud-contacts.yaml");
    writeFileSync(spec, readFileSync(spec, "utf8").replace("purpose: search by name", "purpose: search contacts by name"));
    expect(generate()).toEqual(["@toolcat/cloud-contacts"]);
    expect(readFileSync(join(ws.root, "packages/cloud-contacts/src/types.ts"), "utf8")).toContain("Search contacts by name.");
  });
});
