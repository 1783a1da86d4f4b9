// The validator section's inputs, for every tool of every package: each valid input passes Ajv
// (stock 2020-12 with ajv-formats and the JSON-text formats the bench registers) and the package's
// own validator; each invalid input fails both, and there are as many as the section times. The
// bench times nothing the two disagree on, so this keeps the inputs fit to be timed.
import { describe, expect, it } from "vitest";
import { loadSelectedPackages } from "../../../test/support/packages.ts";
import { benchAjv } from "../peer-ajv.ts";
import { invalidPerTool, toolInputs } from "../validator-inputs.ts";

const packages = await loadSelectedPackages();
const ajv = benchAjv({ allErrors: true });

describe.each(packages.map((p) => [p.slug, p] as const))(
  "%s: bench inputs agree with Ajv and the validator",
  (_slug, pkg) => {
    it.each(pkg.manifest.tools.map((t) => [t.fullName, t] as const))("%s", (fullName, tool) => {
      const inputs = toolInputs(fullName, tool.inputSchema, ajv);
      expect(inputs.valid.length).toBeGreaterThan(0);
      expect(inputs.invalid).toHaveLength(invalidPerTool);
      for (const input of inputs.valid) expect(pkg.validate(fullName, input).ok, JSON.stringify(input)).toBe(true);
      for (const input of inputs.invalid) expect(pkg.validate(fullName, input).ok, JSON.stringify(input)).toBe(false);
      // The same seed gives the same inputs: every process and Node version times the same calls.
      expect(toolInputs(fullName, tool.inputSchema, ajv)).toEqual(inputs);
    });
  },
);
