// Emits src/types.ts: the ToolMode const, tool name unions, and one input type per tool with JSDoc
// from the spec. Mode-pattern inputs are unions on `mode` so `~` parameters are required on execute.
import type { InterfaceDeclarationStructure, PropertySignatureStructure, StatementStructures } from "ts-morph";
import type { GeneratedFile } from "../../core/files.ts";
import { typesModule } from "../../ir/generated-identifiers.ts";
import { toolNames } from "../../ir/naming.ts";
import type { Parameter, Tool } from "../../ir/types.ts";
import { accessFacts, parameterFacts, ruleText, sentence } from "../core/describe.ts";
import { propertyKey, stringLiteral } from "../core/escape.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import { modeValues } from "../../ir/parameter-schema.ts";
import { chain, layout, maxLineLength, parenthesized, prefixed, typeArguments, type Code } from "../core/layout.ts";
import { requestBodyPropertyType, requestBodyTypes } from "./request-body-types.ts";
import { schemaType } from "./schema-type.ts";
import { exportConst, exportType, jsDoc, objectLiteral, printTypeScript } from "../core/source-file.ts";
import { tsMorph } from "../core/ts-morph.ts";

const typeNames = typesModule.types;

export const typesEmitter: Emitter = {
  id: "types",
  outputs: ["src/types.ts"],
  index: { module: "./types.js", names: "all" },
  emit: (context) => [emitTypes(context)],
};

function emitTypes(context: EmitContext): GeneratedFile {
  const { server, toolMode: mode } = context;
  // The mode constant and type only where a tool takes `mode`.
  const modeDeclarations: (string | StatementStructures)[] = server.tools.some((tool) => tool.modePattern)
    ? [
        exportConst({
          doc:
            `Values of ${mode.name}, the mode of mode-pattern tools.\n\n` +
            `${mode.values.map((v) => `${v.value}: ${v.description}`).join("\n")}`,
          name: mode.name,
          value: `${objectLiteral(mode.values.map((v) => [propertyKey(v.enumName), stringLiteral(v.value)]))} as const`,
        }),
        exportType(`A value of ${mode.name}.`, mode.name, [`(typeof ${mode.name})[keyof typeof ${mode.name}]`]),
      ]
    : [];
  const statements: (string | StatementStructures)[] = [
    ...modeDeclarations,
    exportType(
      `Short names of the ${server.name} tools.`,
      typeNames.toolName,
      server.tools.map((t) => stringLiteral(t.name)),
    ),
    exportType(
      `Full names (\`${server.name}.<Tool>\`) of the ${server.name} tools.`,
      typeNames.toolFullName,
      server.tools.map((t) => stringLiteral(t.fullName)),
    ),
    ...server.tools.flatMap((tool) => toolTypes(tool, context)),
    {
      kind: tsMorph().StructureKind.Interface,
      isExported: true,
      docs: [jsDoc("Input type of each tool, by short name.")],
      name: typeNames.toolInputs,
      properties: server.tools.map((t) => ({ name: t.name, type: toolNames(context.names, t.name).input })),
    },
  ];
  return printTypeScript(server, `${packageDir(context)}/src/types.ts`, statements);
}

function union(members: readonly Code[]): Code {
  return members.length === 0 ? "never" : chain("|", members);
}

function toolDoc(tool: Tool): string {
  const lines = [
    sentence(tool.purpose),
    "",
    `Tool \`${tool.fullName}\`.`,
    ...accessFacts(tool),
    ...tool.rules.map(ruleText),
    ...tool.notes.map(sentence),
  ];
  if (tool.parameters.kind === "not-shown")
    lines.push("The catalog does not show this tool's parameters; any object is accepted.");
  return lines.join("\n");
}

function toolTypes(tool: Tool, context: EmitContext): (string | StatementStructures)[] {
  const names = toolNames(context.names, tool.name);
  const doc = toolDoc(tool);
  if (tool.parameters.kind === "not-shown") return [exportType(doc, names.input, ["{ [parameter: string]: unknown }"])];
  const parameters = tool.parameters.list;
  if (parameters.length === 0) return [exportType(doc, names.input, ["Record<string, never>"])];
  const executeValue = context.toolMode.executeValue;
  if (!tool.modePattern) {
    return [
      inputInterface(
        jsDoc(doc),
        names.input,
        parameters.map((p) => property(p, p.requirement !== "always", executeValue)),
      ),
    ];
  }
  // Mode-pattern: the shared parameters, then one branch per mode value; only execute requires `~`.
  const shared = parameters.filter((p) => p.name !== "mode");
  const onExecute = shared.filter((p) => p.requirement === "execute").map((p) => stringLiteral(p.name));
  const otherModes = modeValues(context.toolMode).ignoring.map(stringLiteral);
  const required: Code[] =
    onExecute.length > 0 ? [typeArguments("Required<Pick", [names.parameters, union(onExecute)])] : [];
  const executeBranch = chain("&", [names.parameters, `{ mode: ${stringLiteral(executeValue)} }`, ...required]);
  // Document A, rule 3: with any other mode every other parameter is ignored, whatever its value.
  const otherBranch = chain("&", [
    `Partial<Record<keyof ${names.parameters}, unknown>>`,
    `{ mode: ${otherModes.join(" | ")} }`,
  ]);
  const bodyType = requestBodyPropertyType(tool, names);
  const properties = shared.map((p) => ({
    ...property(p, true, executeValue),
    ...(p.name === "request_body" && bodyType !== undefined && { type: bodyType }),
  }));
  return [
    ...requestBodyTypes(tool, names),
    inputInterface(jsDoc(`Parameters of \`${tool.fullName}\` besides \`mode\`.`), names.parameters, properties),
    exportType(doc, names.input, [parenthesized(otherBranch), parenthesized(executeBranch)]),
  ];
}

function inputInterface(
  doc: string,
  name: string,
  properties: PropertySignatureStructure[],
): InterfaceDeclarationStructure {
  return { kind: tsMorph().StructureKind.Interface, isExported: true, docs: [doc], name, properties };
}

/** Interface members sit one level deep; ts-morph indents the later lines of a multi-line type. */
const memberWidth = maxLineLength - 2 - ";".length;

function property(parameter: Parameter, optional: boolean, executeValue: string): PropertySignatureStructure {
  const facts = parameterFacts(parameter, executeValue);
  const name = propertyKey(parameter.name);
  const head = `${name}${optional ? "?" : ""}: `;
  const type = layout(prefixed(head, schemaType(parameter.schema)), memberWidth)
    .join("\n")
    .slice(head.length);
  return {
    kind: tsMorph().StructureKind.PropertySignature,
    name,
    hasQuestionToken: optional,
    type,
    ...(facts.length > 0 && { docs: [jsDoc(facts.join("\n"))] }),
  };
}
