// Nx loads the plugin as plain JavaScript, so it cannot import the generators' TypeScript registry;
// this test keeps its hand-written `generate` outputs equal to what the registry's emitters write.
import { expect, it } from "vitest";
import { packageOutputs } from "../../../generators/src/emit/registry.ts";
import { generateOutputs } from "../src/index.js";

it("declares exactly the paths the emitter registry writes as generate outputs", () => {
  expect([...generateOutputs].sort()).toEqual(
    packageOutputs()
      .map((path) => `{projectRoot}/${path}`)
      .sort(),
  );
});

it("makes a server's spec and its captured request body schemas inputs of its generate target", async () => {
  const { targetsFor } = await import("../src/index.js");
  const { requestBodiesDir } = await import("../../../generators/src/loader/request-bodies.ts");
  const inputs = targetsFor("orders-api").generate.inputs ?? [];
  expect(inputs).toContain("{workspaceRoot}/specs/orders-api.yaml");
  expect(inputs).toContain(`{workspaceRoot}/${requestBodiesDir}/orders-api/**/*`);
});
