// Every tool as a Standard Schema: its validate agrees with the package validator, and each
// Standard JSON Schema target gives stock Ajv the same verdicts as the 2020-12 inputSchema.
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { toStandardSchema } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { mutatedInput, random, validInput } from "../support/inputs.ts";
import { loadSelectedPackages } from "../support/packages.ts";

const packages = await loadSelectedPackages();

function withFormats<T extends Ajv | Ajv2020>(instance: T): T {
  addFormats.default(instance);
  return instance;
}

describe.each(packages.map((p) => [p.slug, p] as const))(
  "%s: Standard Schema targets keep their meaning",
  (_slug, pkg) => {
    const ajv2020 = withFormats(new Ajv2020({ strict: true }));
    const ajv07 = withFormats(new Ajv({ strict: true }));
    // OpenAPI 3.0 is read by Ajv's draft-07 core, which knows `nullable`; not strict, as 3.0 has its own keywords.
    const ajvOpenApi = withFormats(new Ajv({ strict: false }));
    it.each(pkg.manifest.tools.map((t) => [t.fullName, t] as const))("%s", (fullName, tool) => {
      const schema = toStandardSchema((input) => pkg.validate(fullName, input), tool.inputSchema);
      const original = ajv2020.compile(tool.inputSchema);
      const draft07 = ajv07.compile(schema["~standard"].jsonSchema.input({ target: "draft-07" }));
      const openApi = ajvOpenApi.compile(schema["~standard"].jsonSchema.input({ target: "openapi-3.0" }));
      const rng = random([...fullName].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 11));
      const inputs: unknown[] = [validInput(tool.inputSchema, rng), null, {}];
      for (let i = 0; i < 20; i++) inputs.push(mutatedInput(tool.inputSchema, rng));
      for (const input of inputs) {
        const label = `${fullName} ${JSON.stringify(input)}`;
        const expected = original(input);
        expect(draft07(input), label).toBe(expected);
        expect(openApi(input), label).toBe(expected);
        const result = schema["~standard"].validate(input) as { issues?: unknown };
        expect(result.issues === undefined, label).toBe(pkg.validate(fullName, input).ok);
      }
    });
  },
);
