// Emits the tool manifest twice from one object: manifest.json (for any language) and
// src/manifest.ts (exported as `manifest`), so the two can never disagree. The module holds the tools
// as their JSON text, parsed on first read (runtime lazyManifest): importing the package parses none
// of the bulk of the manifest, which would otherwise be most of a large package's import time.
import type { GeneratedFile } from "../../core/files.ts";
import { toolTitle } from "../../ir/model-names.ts";
import { manifestModule } from "../../ir/generated-identifiers.ts";
import { toolNames } from "../../ir/naming.ts";
import type { Auth, Server, Tool } from "../../ir/types.ts";
import { packageDir, type EmitContext, type Emitter, type ToolModeRules } from "../core/emitter.ts";
import { vocabulary } from "./vocabulary.ts";
import { modelTool, toolLowering } from "./provider-tools.ts";
import { internalNames, runtimeInternalModule, runtimeModule, runtimeTypeNames } from "../core/runtime-names.ts";
import { call, pure } from "../core/layout.ts";
import { exportConst, nameList, printTypeScript, textFunction } from "../core/source-file.ts";

export function manifestData(context: EmitContext): Record<string, unknown> {
  const { server, toolMode } = context;
  return {
    package: server.packageName,
    generatedFrom: server.specFile,
    catalog: context.catalog,
    server: {
      name: server.name,
      kind: server.kind,
      domain: server.domain,
      description: server.description,
      auth: authData(server.auth),
      secrets: server.secrets.map((s) => ({ name: s.name, description: s.description })),
    },
    toolMode: {
      name: toolMode.name,
      values: toolMode.values.map((v) => v.value),
      execute: toolMode.executeValue,
    },
    documentation: context.documentation,
    // The catalog's words for the server's tools: search tool descriptions name them (runtime searchToolDescription).
    vocabulary: vocabulary(server),
    tools: server.tools.map((tool) => toolData(server, tool, toolMode, toolNames(context.names, tool.name).modelName)),
  };
}

function authData(auth: Auth): Record<string, unknown> {
  if (auth.type === "api-key") return { type: auth.type, secret: auth.secret };
  return {
    type: auth.type,
    provider: auth.provider.known ? auth.provider.value : null,
    scopes: auth.scopes.known ? auth.scopes.value.map((s) => s.name) : null,
  };
}

function toolData(server: Server, tool: Tool, toolMode: ToolModeRules, modelName: string): Record<string, unknown> {
  const model = modelTool(server, tool, toolMode);
  return {
    name: tool.name,
    fullName: tool.fullName,
    modelName,
    title: toolTitle(tool),
    description: tool.purpose,
    modelDescription: model.description,
    ...(tool.group !== undefined && { group: tool.group }),
    secrets: tool.secrets,
    // null: the catalog does not show the scopes; [] for API-key tools, which need none.
    scopes: tool.scopes === undefined ? [] : tool.scopes.known ? tool.scopes.value : null,
    parametersKnown: tool.parameters.kind === "known",
    modePattern: tool.modePattern,
    annotations: tool.annotations,
    notes: tool.notes,
    judgments: tool.judgments,
    inputSchema: model.inputSchema,
    // What the tool files' provider forms leave out of inputSchema; the validator checks it all.
    lowering: toolLowering(model),
    // Anthropic's input_examples, and the example MCP and code mode show.
    examples: model.examples,
  };
}

const runtimeTypes = runtimeTypeNames(manifestModule.runtimeTypes);
const internalImports = internalNames(manifestModule.internal);
const { manifest: manifestName, headText, toolsText } = manifestModule;

export const manifestEmitter: Emitter = {
  id: "manifest",
  outputs: ["manifest.json", "src/manifest.ts"],
  exports: { "./manifest.json": "./manifest.json" },
  index: { module: "./manifest.js", names: [manifestName] },
  emit: emitManifest,
};

function emitManifest(context: EmitContext): GeneratedFile[] {
  const { tools, ...head } = manifestData(context);
  const json = JSON.stringify({ ...head, tools }, null, 2);
  return [
    { path: `${packageDir(context)}/manifest.json`, text: `${json}\n` },
    // The same data as the file, as the JSON texts of its tools and of the rest.
    printTypeScript(context.server, `${packageDir(context)}/src/manifest.ts`, [
      nameList("import type", runtimeTypes, runtimeModule),
      nameList("import", internalImports, runtimeInternalModule),
      nameList("import type", ["ToolName"], "./types.js"),
      // JSON types its strings as `string`: the tool names are narrowed to the package's union here.
      exportConst({
        doc: "The tool manifest: the data of manifest.json.",
        name: manifestName,
        type: "Manifest<ToolName>",
        value: pure(call("lazyManifest<Manifest<ToolName>>", [headText, toolsText])),
      }),
      textFunction({
        exported: false,
        doc: "manifest.json but its tools, as JSON text: importing the package parses it.",
        name: headText,
        text: JSON.stringify(head),
      }),
      textFunction({
        exported: false,
        doc: `The ${context.server.name} tools of manifest.json, as JSON text: reading \`manifest.tools\` parses it.`,
        name: toolsText,
        text: JSON.stringify(tools),
      }),
    ]),
  ];
}
