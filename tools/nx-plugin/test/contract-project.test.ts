// The contract suite is one Nx project over every server's package: each spec's package is a
// dependency (its generate runs first) and what that generate writes is an input, as is the build's
// code the tree-shaking test bundles with.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { contractProject, targetsFor } from "../src/index.js";

const workspaceRoot = join(import.meta.dirname, "../../..");

it("runs the contract suite over every server's package, on what each package's generate writes", () => {
  const project = contractProject(["orders-api", "billing-api"]);
  expect(project.implicitDependencies).toEqual(["@toolcat/orders-api", "@toolcat/billing-api"]);
  expect(project.targets?.["test"]?.dependsOn).toEqual(["^generate"]);
  const inputs = project.targets?.["test"]?.inputs ?? [];
  for (const slug of ["orders-api", "billing-api"]) {
    expect(inputs).toContain(`{workspaceRoot}/packages/${slug}/src/**/*`);
    expect(inputs).toContain(`{workspaceRoot}/packages/${slug}/manifest.json`);
  }
});

it("takes the build's code as an input, every local module build-package.js imports included", () => {
  // The tree-shaking test bundles with the build's own options (bundleOptions), so a change to any of
  // that code must run the suite again rather than replay it from the cache.
  const script = readFileSync(join(workspaceRoot, "tools/build/build-package.js"), "utf8");
  const local = [...script.matchAll(/from "\.\/([^"]+)"/g)].map((m) => `{workspaceRoot}/tools/build/${m[1]}`);
  expect(local.length).toBeGreaterThan(0);
  const inputs = contractProject(["orders-api"]).targets?.["test"]?.inputs ?? [];
  for (const file of ["{workspaceRoot}/tools/build/build-package.js", ...local]) expect(inputs).toContain(file);
  const build = targetsFor("orders-api")["build"]?.inputs ?? [];
  for (const file of ["{workspaceRoot}/tools/build/build-package.js", ...local]) expect(build).toContain(file);
});
