// The contract suite is one Nx project over every server's package: each spec's package is a
// dependency (its generate runs first) and what that generate writes is an input.
import { expect, it } from "vitest";
import { contractProject } from "../src/index.js";

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
