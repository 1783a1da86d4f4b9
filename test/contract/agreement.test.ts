// Any standard JSON Schema validator given a tool's inputSchema must accept and reject exactly
// what the package's own validator does, and flag the same locations. Checked with Ajv 2020-12
// (formats registered from the runtime) on thousands of seeded inputs across every tool.
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { formats } from "@toolcat/runtime/formats";
import { describe, expect, it } from "vitest";
import { edgeInputs, mutatedInput, random, validInput } from "../support/inputs.ts";
import { loadSelectedPackages } from "../support/packages.ts";

const inputsPerTool = 24;
const packages = await loadSelectedPackages();

function ajv(): Ajv2020 {
  const instance = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  for (const [name, check] of Object.entries(formats)) instance.addFormat(name, { type: "string", validate: check });
  return instance;
}

/** Where an Ajv error points, in our issue-path convention (the missing or extra key itself). */
function ajvPath(error: ErrorObject): string | undefined {
  if (error.keyword === "if" || error.keyword === "allOf") return undefined; // wrappers of a `then` failure reported on its own
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required" || error.keyword === "dependentRequired") return `${error.instancePath}/${String(params["missingProperty"])}`;
  if (error.keyword === "additionalProperties") return `${error.instancePath}/${String(params["additionalProperty"])}`;
  return error.instancePath;
}

describe.each(packages.map((p) => [p.slug, p] as const))("%s: validators agree with Ajv on inputSchema", (_slug, pkg) => {
  const instance = ajv();
  it.each(pkg.manifest.tools.map((t) => [t.fullName, t] as const))("%s", (fullName, tool) => {
    const check = instance.compile(tool.inputSchema);
    const rng = random([...fullName].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
    const inputs: unknown[] = [validInput(tool.inputSchema, rng), null, [], "text", 42];
    for (let i = 0; i < inputsPerTool; i++) inputs.push(mutatedInput(tool.inputSchema, rng));
    inputs.push(...edgeInputs(tool.inputSchema, rng));
    let rejected = 0;
    for (const input of inputs) {
      const ours = pkg.validate(fullName, input);
      const theirs = check(input);
      const label = `${fullName} ${JSON.stringify(input)}`;
      expect(ours.ok, label).toBe(theirs);
      if (!ours.ok) {
        rejected++;
        const ourPaths = new Set(ours.issues.map((issue) => issue.path));
        const theirPaths = new Set((check.errors ?? []).map(ajvPath).filter((p) => p !== undefined));
        expect([...ourPaths].sort(), label).toEqual([...theirPaths].sort());
      }
    }
    // The seeded mutations must actually exercise rejections, or this test proves nothing.
    expect(rejected, fullName).toBeGreaterThan(3);
  });
});
