// What each package exports for models (src/model.ts), run: the Standard Schema per tool agrees
// with the package validator, handleToolCall answers every model call with a result to send back
// (through a client or client options), and the guards accept exactly their name form. The
// cloud-sheets block is also type-checked (test/tsconfig.json) against @standard-schema/spec's
// inference helpers; the AI SDK's reading of it is in test/frameworks (Node 22 or later).
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { createMemoryTransport, type ModelToolResult, type ToolStandardSchema } from "@toolcat/runtime";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as sheets from "../../packages/cloud-sheets/src/index.ts";
import { mutatedInput, random, validInput } from "../support/inputs.ts";
import { isSelected, loadSelectedPackages } from "../support/packages.ts";

const packages = await loadSelectedPackages();

interface ModelEntry {
  readonly toolSchemas: Readonly<Record<string, ToolStandardSchema<unknown>>>;
  readonly handleToolCall: (via: unknown, name: string, args: unknown) => Promise<ModelToolResult>;
  readonly isToolName: (value: unknown) => boolean;
  readonly isToolFullName: (value: unknown) => boolean;
  readonly isToolModelName: (value: unknown) => boolean;
}

describe.each(packages.map((p) => [p.slug, p, p as unknown as ModelEntry] as const))(
  "%s model entry",
  (_slug, pkg, entry) => {
    const secrets = Object.fromEntries(pkg.manifest.server.secrets.map((s) => [s.name, `value-of-${s.name}`]));
    const handlers = Object.fromEntries(
      pkg.manifest.tools.map((t) => [t.fullName, (input: unknown) => ({ ran: t.fullName, input })]),
    );
    const options = { transport: createMemoryTransport(handlers), secrets, env: false as const };

    it("gives every tool a Standard Schema that agrees with the package validator", () => {
      for (const tool of pkg.manifest.tools) {
        const schema = entry.toolSchemas[tool.name]!;
        expect(schema["~standard"].vendor).toBe("toolcat");
        expect(schema["~standard"].jsonSchema.input({ target: "draft-2020-12" })).toEqual(tool.inputSchema);
        const rng = random(tool.name.length);
        for (const input of [validInput(tool.inputSchema, rng), mutatedInput(tool.inputSchema, rng), null, "text"]) {
          const expected = pkg.validate(tool.name, input);
          const result = schema["~standard"].validate(input) as StandardSchemaV1.Result<unknown>;
          expect(result.issues === undefined, `${tool.fullName} ${JSON.stringify(input)}`).toBe(expected.ok);
          if (!expected.ok) expect(result.issues?.map((i) => i.message)).toEqual(expected.issues.map((i) => i.message));
        }
      }
    });

    it.each([
      ["a client", "client"],
      ["client options", "options"],
    ] as const)("answers a model's call through %s", async (_label, via) => {
      const target =
        via === "options"
          ? options
          : (Object.entries(pkg).find(([n]) => /^create\w+Client$/.test(n))![1] as (o: unknown) => unknown)(options);
      const rng = random(7);
      for (const tool of pkg.manifest.tools) {
        const args = validInput(tool.inputSchema, rng, "execute");
        const result = await entry.handleToolCall(target, tool.modelName, JSON.stringify(args));
        expect(result.isError, result.content[0].text).toBe(false);
        expect(JSON.parse(result.content[0].text)).toMatchObject({ ran: tool.fullName });
      }
    });

    it("turns invalid arguments and unknown names into model-readable results", async () => {
      const tool = pkg.manifest.tools.find(
        (t) => t.parametersKnown && Object.keys(t.inputSchema["properties"] ?? {}).length > 0,
      )!;
      const invalid = await entry.handleToolCall(options, tool.modelName, { not_a_parameter: 1 });
      expect(invalid).toMatchObject({ isError: true, code: "validation_failed" });
      expect(invalid.issues?.some((issue) => issue.path === "/not_a_parameter")).toBe(true);
      expect(invalid.content[0].text).toContain(`Invalid arguments for ${tool.fullName}`);
      const unknown = await entry.handleToolCall(options, `${pkg.manifest.server.name}_NoSuchTool`, {});
      expect(unknown).toMatchObject({ isError: true, code: "validation_failed" });
    });

    it("guards accept exactly their own name form", () => {
      for (const tool of pkg.manifest.tools) {
        expect([tool.name, tool.fullName, tool.modelName].map(entry.isToolName)).toEqual([true, false, false]);
        expect([tool.name, tool.fullName, tool.modelName].map(entry.isToolFullName)).toEqual([false, true, false]);
        expect([tool.name, tool.fullName, tool.modelName].map(entry.isToolModelName)).toEqual([false, false, true]);
      }
      for (const odd of [undefined, 1, "", "__proto__", "constructor", `${pkg.manifest.server.name}.toString`]) {
        expect([entry.isToolName(odd), entry.isToolFullName(odd), entry.isToolModelName(odd)]).toEqual([
          false,
          false,
          false,
        ]);
      }
    });
  },
);

describe.runIf(isSelected("cloud-sheets"))("cloud-sheets schemas in the libraries that take Standard Schema", () => {
  it("types each schema's input as the tool's input type", () => {
    expectTypeOf<
      StandardSchemaV1.InferInput<typeof sheets.createSpreadsheetSchema>
    >().toEqualTypeOf<sheets.CreateSpreadsheetInput>();
    expectTypeOf<
      StandardJSONSchemaV1.InferOutput<typeof sheets.getSpreadsheetSchema>
    >().toEqualTypeOf<sheets.GetSpreadsheetInput>();
    expectTypeOf(sheets.manifest.tools[0]!.name).toEqualTypeOf<sheets.ToolName>();
    expectTypeOf<sheets.Manifest<sheets.ToolName>>().toEqualTypeOf<typeof sheets.manifest>();
  });

  it("narrows names with the guards", () => {
    const name: unknown = "CloudSheets_WhoAmI";
    if (sheets.isToolModelName(name)) expectTypeOf(name).toEqualTypeOf<sheets.ToolModelName>();
    expect(sheets.isToolModelName(name)).toBe(true);
  });
});
