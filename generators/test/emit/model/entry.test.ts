// src/model.ts of every package: one Standard Schema per tool under the names record's name, the
// model names as a literal union, and the index re-exporting it. Behaviour is run in
// test/contract/model-entry.test.ts; compiling hostile specs in hostile-generation.test.ts.
import { describe, expect, it } from "vitest";
import { toolNames } from "../../../src/ir/naming.ts";
import { emitContext } from "../../../src/emit/registry.ts";
import { modelEntryEmitter } from "../../../src/emit/model/entry.ts";
import { workspacePipeline } from "../../support.ts";
import { emitResources } from "../../../src/pipeline/resources.ts";

const { files, runs, catalog } = workspacePipeline();
const text = (path: string): string => files.find((f) => f.path === path)?.text ?? "";

describe.each(runs.map((run) => [run.slug, run] as const))("packages/%s/src/model.ts", (slug) => {
  const server = catalog.servers.find((s) => s.slug === slug)!;
  const context = emitContext(server, catalog, { package: "0.0.0", runtime: "0.0.0" }, emitResources());
  const model = text(`packages/${slug}/src/model.ts`);

  it("is what the emitter writes, and the index re-exports it", () => {
    expect(modelEntryEmitter.emit(context)).toEqual([{ path: `packages/${slug}/src/model.ts`, text: model }]);
    expect(text(`packages/${slug}/src/index.ts`)).toContain('export * from "./model.js";');
  });

  it("exports one Standard Schema per tool, named by the names record", () => {
    // Long names break the annotated initializer over lines: compare without whitespace.
    const compact = model.replace(/\s+/g, "");
    for (const tool of server.tools) {
      const names = toolNames(context.names, tool.name);
      expect(compact).toContain(
        `exportconst${names.schema}=/*@__PURE__*/(()=>toolSchemas[${JSON.stringify(tool.name)}])();`,
      );
    }
    expect(model.match(/^export const \w+Schema = /gm)).toHaveLength(server.tools.length);
  });

  it("types the model names as the union of the names record's model names", () => {
    const union = /export type ToolModelName =((?:\n {2}\| "[^"]+")+);/.exec(model)?.[1] ?? "";
    const members = [...union.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect(members).toEqual(server.tools.map((t) => toolNames(context.names, t.name).modelName));
  });

  it("binds handleToolCall to the server's name and tools", () => {
    expect(model).toContain(
      `callModelTool(modelCaller(via), { server: ${JSON.stringify(server.name)}, tools, strictNulls }, name, ` +
        "args, options)",
    );
    for (const guard of ["isToolName", "isToolFullName", "isToolModelName"])
      expect(model).toContain(`export function ${guard}(value: unknown)`);
  });

  it("types the manifest's tool names as the package's ToolName union, its tools parsed on first read", () => {
    expect(text(`packages/${slug}/src/manifest.ts`)).toContain(
      [
        "export const manifest: Manifest<ToolName> = /* @__PURE__ */ (() =>",
        "  lazyManifest<Manifest<ToolName>>(manifestHeadJson, manifestToolsJson)",
        ")();",
      ].join("\n"),
    );
  });
});
