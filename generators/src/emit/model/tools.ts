// The package's tools in the formats model providers read, as JSON files a user passes straight to
// the provider (`import tools from "@toolcat/cloud-sheets/tools/openai-chat.json" with { type: "json" }`):
// OpenAI Chat Completions and Responses (strict chosen per tool), Anthropic Messages, Gemini and MCP.
// Each JSON file has a declaration beside it (`anthropic.d.ts`), which the package's `exports` map
// gives TypeScript as the file's type, so the import is typed as the provider's SDK expects.
// OpenAI accepts at most 128 tools in one request, so an OpenAI list that would hold more is not
// shipped: such a package's tools come in its per-group files (group-tools.ts) and through
// `selectTools` or the deferred files instead.
import type { GeneratedFile } from "../../core/files.ts";
import { toolFileModule } from "../../ir/generated-identifiers.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import { runtimeModule, type RuntimeTypeName } from "../core/runtime-names.ts";
import { nameList, printTypeScript } from "../core/source-file.ts";
import {
  anthropicTool,
  geminiTool,
  mcpTool,
  modelTool,
  openAiChatTool,
  openAiResponsesTool,
  type ModelTool,
} from "./provider-tools.ts";

/** The most tools OpenAI takes in one request's `tools` (Chat Completions and Responses alike). */
export const openAiToolLimit = 128;

/** Whether OpenAI takes `count` tools in one request. */
export const withinOpenAiLimit = (count: number): boolean => count <= openAiToolLimit;

export interface ToolFormat {
  /** File name in a tools directory. */
  readonly file: string;
  readonly convert: (tool: ModelTool) => unknown;
  /** The runtime type of one entry (`AnthropicTool`). */
  readonly type: RuntimeTypeName;
  /** An OpenAI list, held to `openAiToolLimit` tools. */
  readonly openAi: boolean;
}

export const toolFormats: readonly ToolFormat[] = [
  { file: "openai-chat.json", convert: openAiChatTool, type: toolFileModule.types.openAiChat, openAi: true },
  {
    file: "openai-responses.json",
    convert: openAiResponsesTool,
    type: toolFileModule.types.openAiResponses,
    openAi: true,
  },
  { file: "anthropic.json", convert: anthropicTool, type: toolFileModule.types.anthropic, openAi: false },
  { file: "gemini.json", convert: geminiTool, type: toolFileModule.types.gemini, openAi: false },
  { file: "mcp.json", convert: mcpTool, type: toolFileModule.types.mcp, openAi: false },
];

/** A tool file's declaration path: `tools/anthropic.json` → `tools/anthropic.d.ts`. */
export const declarationPath = (path: string): string => path.replace(/\.json$/, ".d.ts");

/** The one identifier a tool file's declaration holds besides the runtime type it imports. */
const declaredName = toolFileModule.tools;

const files = (formats: readonly ToolFormat[]): string[] =>
  formats.flatMap((format) => [`tools/${format.file}`, declarationPath(`tools/${format.file}`)]);

export const modelToolsEmitter: Emitter = {
  id: "model-tools",
  outputs: files(toolFormats.filter((format) => !format.openAi)),
  conditionalOutputs: files(toolFormats.filter((format) => format.openAi)),
  // TypeScript reads each file's declaration (`types`); Node and bundlers load the JSON.
  exports: { "./tools/*.json": { types: "./tools/*.d.ts", default: "./tools/*.json" } },
  emit: (context) =>
    toolFiles(
      context,
      "tools",
      context.server.tools.map((tool) => modelTool(context.server, tool, context.toolMode)),
    ),
};

/** One file per format in `dir` of the package, OpenAI formats only for lists OpenAI accepts. */
export function toolFiles(context: EmitContext, dir: string, tools: readonly ModelTool[]): GeneratedFile[] {
  return toolFormats
    .filter((format) => !format.openAi || withinOpenAiLimit(tools.length))
    .flatMap(({ file, convert, type }) => toolFile(context, `${dir}/${file}`, tools.map(convert), type));
}

/** A tool file and its declaration: the default export is an array of `type` from the runtime. */
export function toolFile(context: EmitContext, path: string, data: unknown, type: RuntimeTypeName): GeneratedFile[] {
  const full = `${packageDir(context)}/${path}`;
  return [
    { path: full, text: `${JSON.stringify(data, null, 2)}\n` },
    printTypeScript(context.server, declarationPath(full), [
      nameList("import type", [type], runtimeModule),
      `/** The tools of ${path.split("/").pop()!}: the package's exports map gives TypeScript this type for it. ` +
        `*/\ndeclare const ${declaredName}: ${type}[];`,
      `export default ${declaredName};`,
    ]),
  ];
}
