// The precompiled spec-schema validators: the committed module is exactly what a fresh Ajv standalone
// compile of specs/schema produces, and it reports the same errors as validators compiled at run time.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import * as precompiled from "../../src/loader/spec-schema.generated.js";
import {
  compileSpecValidators,
  readSchemaTexts,
  schemaHash,
  specSchemaModule,
  specSchemaModulePath,
  specValidators,
  staleSpecSchemaModule,
} from "../../src/loader/spec-schema.ts";
import { workspaceRoot } from "../support.ts";

const texts = readSchemaTexts(workspaceRoot);
const fresh = compileSpecValidators(texts);
const spec = parse(readFileSync(join(workspaceRoot, "specs/cloud-sheets.yaml"), "utf8")) as Record<string, unknown>;
const catalog = parse(readFileSync(join(workspaceRoot, "specs/catalog.yaml"), "utf8")) as Record<string, unknown>;
const firstTool = (spec["tools"] as Record<string, unknown>[])[0]!;

describe("spec-schema.generated.js", () => {
  it("equals a fresh standalone compile of specs/schema", () => {
    expect(readFileSync(join(workspaceRoot, specSchemaModulePath), "utf8")).toBe(specSchemaModule(texts));
    expect(staleSpecSchemaModule()).toBeUndefined();
  });

  it("is used only for the schema texts it was built from", () => {
    expect(specValidators(texts)).toBe(precompiled);
    const edited = { ...texts, server: `${texts.server}\n` };
    expect(schemaHash(edited)).not.toBe(precompiled.schemaHash);
    expect(specValidators(edited)).not.toBe(precompiled);
  });

  it.each([
    ["a real server spec", "server", spec],
    ["the real catalog", "catalog", catalog],
    ["an unknown key", "server", { ...spec, extra: 1 }],
    ["a missing key", "server", { ...spec, auth: undefined }],
    ["a wrong type", "server", { ...spec, tools: "none" }],
    ["a bad tool", "server", { ...spec, tools: [{ ...firstTool, name: 7, parameters: "maybe", colour: "red" }] }],
    ["a bad enum", "server", { ...spec, kind: "turbo" }],
    ["not an object", "catalog", ["catalog"]],
  ] as const)("reports what run-time compiled validators report: %s", (_, name, data) => {
    const input = JSON.parse(JSON.stringify(data)) as unknown;
    const valid = precompiled[name](input);
    expect(valid).toBe(fresh[name](input));
    expect(precompiled[name].errors ?? null).toEqual(fresh[name].errors ?? null);
  });
});
