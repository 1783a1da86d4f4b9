// Nx loads the plugin as plain JavaScript, so it cannot import the generators' TypeScript registry;
// this test keeps its hand-written `generate` outputs equal to what the registry's emitters write.
import { expect, it } from "vitest";
import { packageOutputs } from "../../../generators/src/emit/registry.ts";
import { generateOutputs } from "../src/index.js";

it("declares exactly the paths the emitter registry writes as generate outputs", () => {
  expect([...generateOutputs].sort()).toEqual(packageOutputs().map((path) => `{projectRoot}/${path}`).sort());
});
