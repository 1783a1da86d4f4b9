// Any standard JSON Schema validator given a tool's inputSchema must accept and reject exactly
// what the package's own validator does, and flag the same locations. Checked with stock Ajv 2020
// plus ajv-formats, nothing registered, strict mode (an unknown keyword or format fails to compile),
// on seeded inputs across every tool. The one documented difference: JSON text well-formedness
// (`contentMediaType` only annotates), so a parameter holding JSON text may be rejected by toolcat alone.
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { executeView } from "@toolcat/runtime/internal";
import { edgeInputs, mutatedInput, random, validInput } from "../support/inputs.ts";
import { loadSelectedPackages } from "../support/packages.ts";

const inputsPerTool = 24;
const packages = await loadSelectedPackages();

function ajv(): Ajv2020 {
  const instance = new Ajv2020({ allErrors: true, strict: true });
  addFormats.default(instance);
  return instance;
}

/** Where an Ajv error points, in our issue-path convention (the missing or extra key itself). */
function ajvPath(error: ErrorObject): string | undefined {
  // Wrappers of a `then` failure reported on its own.
  if (error.keyword === "if" || error.keyword === "allOf") return undefined;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required" || error.keyword === "dependentRequired")
    return `${error.instancePath}/${String(params["missingProperty"])}`;
  if (error.keyword === "additionalProperties") return `${error.instancePath}/${String(params["additionalProperty"])}`;
  return error.instancePath;
}

/** Pointers of the parameters whose value is JSON text: the only place stock Ajv may accept more. */
function jsonTextPaths(schema: Record<string, unknown>): Set<string> {
  const properties = (executeView(schema)["properties"] ?? {}) as Record<string, Record<string, unknown>>;
  return new Set(
    Object.entries(properties)
      .filter(([, p]) => p["contentMediaType"] !== undefined)
      .map(([name]) => `/${name}`),
  );
}

/** The top-level value a one-segment pointer names (JSON-text parameters are top-level). */
function valueAt(input: unknown, path: string): unknown {
  return typeof input === "object" && input !== null ? (input as Record<string, unknown>)[path.slice(1)] : undefined;
}

describe.each(packages.map((p) => [p.slug, p] as const))(
  "%s: validators agree with stock Ajv on inputSchema",
  (_slug, pkg) => {
    const instance = ajv();
    it.each(pkg.manifest.tools.map((t) => [t.fullName, t] as const))("%s", (fullName, tool) => {
      const check = instance.compile(tool.inputSchema);
      const jsonText = jsonTextPaths(tool.inputSchema);
      const rng = random([...fullName].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
      const inputs: unknown[] = [validInput(tool.inputSchema, rng), null, [], "text", 42];
      for (let i = 0; i < inputsPerTool; i++) inputs.push(mutatedInput(tool.inputSchema, rng));
      inputs.push(...edgeInputs(tool.inputSchema, rng));
      let rejected = 0;
      for (const input of inputs) {
        const ours = pkg.validate(fullName, input);
        const theirs = check(input);
        const label = `${fullName} ${JSON.stringify(input)}`;
        const ourPaths = ours.ok ? [] : ours.issues.map((issue) => issue.path);
        const beyondJsonText = ourPaths.filter(
          (path) => !(jsonText.has(path) && typeof valueAt(input, path) === "string"),
        );
        expect(beyondJsonText.length === 0, label).toBe(theirs);
        if (!ours.ok) rejected++;
        if (!theirs) {
          const theirPaths = new Set((check.errors ?? []).map(ajvPath).filter((p) => p !== undefined));
          expect([...new Set(beyondJsonText)].sort(), label).toEqual([...theirPaths].sort());
        }
      }
      // The seeded mutations must actually exercise rejections, or this test proves nothing.
      expect(rejected, fullName).toBeGreaterThan(3);
    });
  },
);
