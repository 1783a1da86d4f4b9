// Every tool file of every package (tools/*.json, the deferred files, tools/groups/<group>/*.json),
// imported the way the READMEs show (`import tools from "@toolcat/<server>/tools/<file>.json" with
// { type: "json" }`, through the package's exports map and the declaration beside the file), passes
// to the provider SDK's own parameter type without a cast, under moduleResolution nodenext and
// bundler. The program is written here, one import and one assignment per file, and checked by the
// native TypeScript compiler in a scratch folder whose node_modules is the workspace's.
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { workspaceRoot } from "../support/packages.ts";
import { runAsync } from "../support/process.ts";

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

const scratch = mkdtempSync(join(realpathSync(tmpdir()), "toolcat-tool-files-"));
// The workspace's node_modules, so `@toolcat/<slug>` resolves through each package's exports map.
symlinkSync(join(workspaceRoot, "node_modules"), join(scratch, "node_modules"), "dir");
// An ES module project, as the READMEs' `import ... with { type: "json" }` assumes.
writeFileSync(
  join(scratch, "package.json"),
  `${JSON.stringify({ name: "tool-files", private: true, type: "module" })}\n`,
);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const tsc = join(workspaceRoot, "node_modules/typescript-native/bin/tsc");

const common = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  target: "es2022",
  lib: ["es2022", "dom"],
  types: [],
  noEmit: true,
};
const resolutions = {
  nodenext: { module: "nodenext", moduleResolution: "nodenext" },
  bundler: { module: "esnext", moduleResolution: "bundler" },
} as const;

/** The program checked by the native TypeScript compiler under one resolution: its diagnostics, one line each. */
async function compile(name: string, source: string, resolution: keyof typeof resolutions): Promise<string[]> {
  const file = join(scratch, `${name}.ts`);
  writeFileSync(file, source);
  const config = join(scratch, `tsconfig.${name}.${resolution}.json`);
  writeFileSync(config, JSON.stringify({ compilerOptions: { ...common, ...resolutions[resolution] }, files: [file] }));
  const run = await runAsync(process.execPath, [tsc, "-p", config, "--pretty", "false"], scratch);
  const diagnostics = run.stdout.split("\n").filter((line) => line.trim() !== "");
  // A compiler that failed without a diagnostic is no pass.
  if (run.status !== 0 && diagnostics.length === 0) return [`tsc exited ${String(run.status)}: ${run.stderr}`];
  return diagnostics;
}

describe("every tool file passes to its provider SDK's type, uncast", () => {
  const files = toolFiles();

  it("covers every kind of tool file, the group files among them", () => {
    const kinds = new Set(files.map((file) => file.split("/").pop()));
    expect([...kinds].sort()).toEqual(Object.keys(sdkTypes).sort());
    expect(files).toContain("@toolcat/recruit-api/tools/groups/jobs/gemini.json");
    expect(files).toContain("@toolcat/recruit-api/tools/groups/jobs/openai-chat.json");
  });

  it.each(Object.keys(resolutions) as (keyof typeof resolutions)[])("under moduleResolution %s", async (resolution) => {
    expect(await compile("every", program(files), resolution)).toEqual([]);
  });

  it("fails to compile when a file is given a type it does not meet (the check is real)", async () => {
    const wrong = program(files.filter((file) => file.endsWith("/gemini.json")).slice(0, 1)).replace(
      "FunctionDeclaration[] =",
      "Anthropic.Tool[] =",
    );
    const errors = await compile("wrong", wrong, "nodenext");
    // The file's type is its declaration's (not one inferred from the JSON), so the error names it.
    expect(errors.join("\n")).toContain("GeminiFunctionDeclaration[]");
  });
});
