// Every tool file of every package (tools/*.json, the deferred files, tools/groups/<group>/*.json),
// imported the way the READMEs show (`import tools from "@toolcat/<server>/tools/<file>.json" with
// { type: "json" }`, through the package's exports map and the declaration beside the file), passes
// to the provider SDK's own parameter type without a cast, under moduleResolution nodenext and
// bundler. The program is written here, one import and one assignment per file, and compiled in
// memory as if it sat in test/e2e, so the workspace's node_modules resolve the packages.
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { workspaceRoot } from "../support/packages.ts";

/** The SDK type each tool file must be assignable to, by file name. */
const sdkTypes: Readonly<Record<string, string>> = {
  "openai-chat.json": "OpenAI.ChatCompletionTool[]",
  "openai-responses.json": "OpenAI.Responses.Tool[]",
  "openai-responses-deferred.json": "OpenAI.Responses.Tool[]",
  "anthropic.json": "Anthropic.Tool[]",
  "anthropic-deferred.json": "Anthropic.ToolUnion[]",
  "gemini.json": "FunctionDeclaration[]",
  "mcp.json": "McpTool[]",
};

const sdkImports = [
  'import OpenAI from "openai";',
  'import Anthropic from "@anthropic-ai/sdk";',
  'import type { FunctionDeclaration, Tool as GeminiTool } from "@google/genai";',
  'import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";',
];

/** Every tool file of the generated packages, as `@toolcat/<slug>/tools/...` specifiers. */
function toolFiles(): string[] {
  const packages = join(workspaceRoot, "packages");
  return readdirSync(packages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const tools = join(packages, entry.name, "tools");
      return listJson(tools).map(
        (file) => `@toolcat/${entry.name}/${relative(join(packages, entry.name), file).split("\\").join("/")}`,
      );
    })
    .sort();
}

/** The JSON files under `dir` (none for a hand-written package, which has no tools/). */
function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .map((file) => join(dir, file));
}

function program(files: readonly string[]): string {
  const lines = [...sdkImports];
  files.forEach((file, i) => lines.push(`import tools${i} from ${JSON.stringify(file)} with { type: "json" };`));
  files.forEach((file, i) => {
    const type = sdkTypes[file.split("/").pop()!];
    lines.push(`export const sdk${i}: ${type ?? "never"} = tools${i};`);
    if (type === "FunctionDeclaration[]")
      lines.push(`export const gemini${i}: GeminiTool = { functionDeclarations: tools${i} };`);
  });
  return `${lines.join("\n")}\n`;
}

function compile(source: string, options: ts.CompilerOptions): string[] {
  const file = join(workspaceRoot, "test", "e2e", "tool-files-program.ts");
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === file ? source : read(name));
  host.fileExists = (name) => name === file || exists(name);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language, true) : getSourceFile(name, language, ...rest);
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], options, host));
  return diagnostics.map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

const common: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: [],
  noEmit: true,
};

describe("every tool file passes to its provider SDK's type, uncast", () => {
  const files = toolFiles();

  it("covers every kind of tool file, the group files among them", () => {
    const kinds = new Set(files.map((file) => file.split("/").pop()));
    expect([...kinds].sort()).toEqual(Object.keys(sdkTypes).sort());
    expect(files).toContain("@toolcat/recruit-api/tools/groups/jobs/gemini.json");
    expect(files).toContain("@toolcat/recruit-api/tools/groups/jobs/openai-chat.json");
  });

  it.each([
    ["nodenext", { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }],
    ["bundler", { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }],
  ] as const)("under moduleResolution %s", (_name, resolution) => {
    expect(compile(program(files), { ...common, ...resolution })).toEqual([]);
  });

  it("fails to compile when a file is given a type it does not meet (the check is real)", () => {
    const wrong = program(files.filter((file) => file.endsWith("/gemini.json")).slice(0, 1)).replace(
      "FunctionDeclaration[] =",
      "Anthropic.Tool[] =",
    );
    const errors = compile(wrong, {
      ...common,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    });
    // The file's type is its declaration's (not one inferred from the JSON), so the error names it.
    expect(errors.join("\n")).toContain("GeminiFunctionDeclaration[]");
  });
});
