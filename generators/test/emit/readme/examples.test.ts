// README examples must be valid inputs: every tool's example passes its own inputSchema.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { formats } from "../../../../packages/runtime/src/formats.ts";
import { exampleInput } from "../../../src/emit/readme/examples.ts";
import { inputSchema } from "../../../src/emit/schema/input-schema.ts";
import { workspaceCatalog } from "../../support.ts";

const catalog = workspaceCatalog();
const ajv = new Ajv2020({ allErrors: true, strictRequired: false });
for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, { type: "string", validate: check });

describe("exampleInput", () => {
  const tools = catalog.servers.flatMap((s) => s.tools).filter((t) => t.parameters.kind === "known");
  it.each(tools.map((t) => [t.fullName, t] as const))("%s example is valid", (_name, tool) => {
    const check = ajv.compile(inputSchema(tool, catalog.rules.toolMode));
    const example = exampleInput(tool, catalog.rules.toolMode);
    expect(check(example), JSON.stringify(check.errors)).toBe(true);
    if (tool.parameters.kind === "known" && tool.parameters.list.length > 0)
      expect(Object.keys(example ?? {}).length).toBeGreaterThan(0);
  });
});
