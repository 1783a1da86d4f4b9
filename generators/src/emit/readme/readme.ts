// Emits README.md from the handlebars template. Every spec string is markdown-escaped here, so the
// template only arranges text and never escapes (noEscape).
import type { GeneratedFile } from "../../core/files.ts";
import { toolTitle } from "../../ir/model-names.ts";
import { toolNames } from "../../ir/naming.ts";
import type { Server, Tool } from "../../ir/types.ts";
import { accessFacts, parameterFacts, ruleText, sentence, typeSummary } from "../core/describe.ts";
import { jsonLiteral, markdownCode, markdownText } from "../core/escape.ts";
import { exampleInput } from "./examples.ts";
import { factSections, judgmentLines, tableOfContents } from "./sections.ts";
import { modelExamples } from "./model.ts";
import { lossLine } from "./loss-report.ts";
import { geminiExample } from "./gemini-example.ts";
import { modelTool, toolLowering } from "../model/provider-tools.ts";
import { searchExamples, toolFilesText } from "./search-examples.ts";
import { requestBodyReadme } from "../request-body/readme.ts";
import { packageDir, type EmitContext, type Emitter, type ToolModeRules } from "../core/emitter.ts";
import { modeValues } from "../../ir/parameter-schema.ts";
import { headerLine } from "../core/source-file.ts";
import { nodeVersion } from "../package/package-files.ts";

/** Where the package README's links lead: the repository's docs, which npm's page cannot hold relative. */
const docsUrl = "https://github.com/toolcat/toolcat/blob/main/docs";

/** Servers with more tools than this get a table of contents. */
const tocThreshold = 10;

export const readmeEmitter: Emitter = {
  id: "readme",
  outputs: ["README.md"],
  emit: (context) => [emitReadme(context)],
};

function emitReadme(context: EmitContext): GeneratedFile {
  const { server, toolMode } = context;
  const tools = server.tools.map((tool) =>
    toolView(server, tool, toolMode, toolNames(context.names, tool.name).requestBody),
  );
  const facts = context.documentation;
  const text = context.resources.readmeTemplate({
    header: headerLine(server).replace(/^\/\/ /, ""),
    packageName: server.packageName,
    slug: server.slug,
    docs: docsUrl,
    // The first tool's name in words (`create spreadsheet`): a query the package's search answers.
    searchQuery: server.tools[0] === undefined ? server.slug : toolTitle(server.tools[0]).toLowerCase(),
    server: server.name,
    kind: server.kind,
    domain: markdownText(server.domain),
    description: markdownText(server.description),
    specFile: server.specFile,
    toolCount: server.tools.length,
    nodeVersion,
    factory: context.names.clientFactory,
    auth: authLines(server),
    secrets: server.secrets.map((s) => ({
      name: s.name,
      description: markdownText([s.description, ...s.notes].map(sentence).join(" ")),
    })),
    firstTool: server.tools[0]?.name ?? "",
    firstMethod: server.tools[0]?.methodName ?? "",
    firstExample: tools[0]?.example ?? "",
    firstSchema: server.tools[0] === undefined ? "toolSchemas" : toolNames(context.names, server.tools[0].name).schema,
    modelExamples: [...modelExamples(context), geminiExample(context), ...searchExamples(context)],
    toolFiles: toolFilesText(context),
    modeTools: server.tools.filter((t) => t.modePattern).length,
    modeValues: toolMode.values.map((v) => markdownCode(v.value)).join(" or "),
    executeValue: markdownText(toolMode.executeValue),
    executeValueCode: markdownCode(toolMode.executeValue),
    unknownTools: server.tools.filter((t) => t.parameters.kind === "not-shown").map((t) => t.fullName),
    tools,
    toc: server.tools.length > tocThreshold ? tableOfContents(server.tools) : [],
    factSections: factSections(facts),
    judgments: judgmentLines(server),
    unknowns: facts.notShown.map(markdownText),
  });
  return { path: `${packageDir(context)}/README.md`, text: text.replace(/\n{3,}/g, "\n\n").replace(/\n*$/, "\n") };
}

function authLines(server: Server): string[] {
  const auth = server.auth;
  const lines =
    auth.type === "api-key"
      ? [
          `API key, held in secret \`${auth.secret}\`. How the key is placed on the wire: ` +
            `${auth.placement.known ? markdownText(auth.placement.value) : "not shown"}.`,
        ]
      : [
          `User authorization through ${
            auth.provider.known
              ? `auth provider id ${markdownCode(auth.provider.value)}`
              : markdownText(auth.providerDescription ?? "an auth provider (id not shown)")
          }.`,
          auth.scopes.known
            ? "OAuth scopes per tool are listed below" +
              (auth.scopeBase.known
                ? ""
                : "; `{scope_base}` is the provider's scope base address, not shown in the catalog") +
              "."
            : "OAuth scopes of the tools: not shown in the catalog.",
        ];
  const scopes = auth.type === "user-authorization" && auth.scopes.known ? auth.scopes.value : [];
  const meanings = scopes.flatMap((s) =>
    s.description === undefined ? [] : [`${markdownCode(s.name)}: ${markdownText(sentence(s.description))}`],
  );
  return [...lines, ...meanings, ...auth.notes.map((n) => markdownText(sentence(n)))];
}

function toolView(server: Server, tool: Tool, toolMode: ToolModeRules, bodyType: string): Record<string, unknown> {
  const executeValue = toolMode.executeValue;
  const loss = lossLine(toolLowering(modelTool(server, tool, toolMode)));
  return {
    name: tool.name,
    fullName: tool.fullName,
    purpose: markdownText(sentence(tool.purpose)),
    access: markdownText(accessFacts(tool).join(" ")),
    example: exampleCall(tool, toolMode),
    parameters:
      tool.parameters.kind === "known"
        ? tool.parameters.list.map((p) => ({
            name: p.name,
            type: markdownText(typeSummary(p.schema)),
            required:
              p.requirement === "always"
                ? "yes"
                : p.requirement === "execute"
                  ? `on ${markdownText(executeValue)}`
                  : "no",
            default: p.default === undefined ? "" : markdownCode(JSON.stringify(p.default)),
            notes: markdownText(
              parameterFacts(p, executeValue)
                .filter((f) => !f.startsWith("Default:"))
                .join(" "),
            ),
          }))
        : [],
    noParameters:
      tool.parameters.kind === "known"
        ? "Takes no parameters."
        : "Parameters: not shown in the catalog; any object is accepted.",
    rules: [
      ...[...tool.rules.map(ruleText), ...tool.notes.map(sentence)].map(markdownText),
      ...(loss === undefined ? [] : [loss]),
    ],
    requestBody: requestBodyReadme(tool, bodyType),
  };
}

function exampleCall(tool: Tool, toolMode: ToolModeRules): string {
  const input = exampleInput(tool, toolMode);
  const call = `client.${tool.methodName}`;
  if (input === undefined)
    return `// Parameters are not shown in the catalog; pass what the tool expects.\nawait ${call}({});`;
  const entries = Object.entries(input).map(([key, value]) =>
    key === "request_body" && tool.modePattern
      ? `  request_body: {}, // fields: call with mode ${jsonLiteral(modeValues(toolMode).ignoring[0] ?? "")} to get ` +
        "the schema"
      : `  ${key}: ${jsonLiteral(value)},`,
  );
  return entries.length === 0 ? `await ${call}({});` : `await ${call}({\n${entries.join("\n")}\n});`;
}
