// Emits src/types.ts: the ToolMode const, tool name unions, and one input type per tool with JSDoc
// from the spec. Mode-pattern inputs are unions on `mode` so `~` parameters are required on execute.
import { StructureKind, type StatementStructures, type PropertySignatureStructure } from "ts-morph";
import type { GeneratedFile } from "../core/files.ts";
import { toolNames } from "../ir/naming.ts";
import type { Parameter, Tool, ValueType } from "../ir/types.ts";
import { accessFacts, parameterFacts, ruleText, sentence } from "./describe.ts";
import { docText, propertyKey, stringLiteral } from "./escape.ts";
import { ignoringModes, packageDir, type EmitContext, type Emitter } from "./emitter.ts";
import { requestBodyPropertyType, requestBodyTypes } from "./request-body-types.ts";
import { docComment, exportConst, maxLineLength, objectLiteral, printTypeScript } from "./source-file.ts";

export const typesEmitter: Emitter = {
  id: "types",
  outputs: ["src/types.ts"],
  index: { module: "./types.js", names: "all" },
  emit: (context) => [emitTypes(context)],
};

function emitTypes(context: EmitContext): GeneratedFile {
  const { server, toolMode: mode } = context;
  const statements: (string | StatementStructures)[] = [
    exportConst({
      doc: `Values of ${mode.name}, the mode of mode-pattern tools.\n\n${mode.values.map((v) => `${v.value}: ${v.description}`).join("\n")}`,
      name: mode.name,
      value: `${objectLiteral(mode.values.map((v) => [propertyKey(v.enumName), stringLiteral(v.value)]))} as const`,
    }),
    { kind: StructureKind.TypeAlias, isExported: true, name: mode.name, type: `(typeof ${mode.name})[keyof typeof ${mode.name}]` },
    exportUnion(`Short names of the ${server.name} tools.`, "ToolName", server.tools.map((t) => stringLiteral(t.name))),
    exportUnion(`Full names (\`${server.name}.<Tool>\`) of the ${server.name} tools.`, "ToolFullName", server.tools.map((t) => stringLiteral(t.fullName))),
    ...server.tools.flatMap((tool) => toolTypes(tool, context)),
    {
      kind: StructureKind.Interface,
      isExported: true,
      docs: [docText("Input type of each tool, by short name.")],
      name: "ToolInputs",
      properties: server.tools.map((t) => ({ name: t.name, type: toolNames(context.names, t.name).input })),
    },
  ];
  return printTypeScript(server, `${packageDir(context)}/src/types.ts`, statements);
}

function union(members: readonly string[]): string {
  return members.length === 0 ? "never" : members.join(" | ");
}

/** An exported union type: one line when it fits, otherwise one member per line. */
function exportUnion(doc: string, name: string, members: readonly string[]): string {
  const head = `${docComment(doc)}\nexport type ${name} =`;
  const line = `export type ${name} = ${union(members)};`;
  return line.length <= maxLineLength ? `${docComment(doc)}\n${line}` : `${head}${members.map((member) => `\n  | ${member}`).join("")};`;
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
  if (tool.parameters.kind === "not-shown") lines.push("The catalog does not show this tool's parameters; any object is accepted.");
  return docText(lines.join("\n"));
}

function toolTypes(tool: Tool, context: EmitContext): (string | StatementStructures)[] {
  const names = toolNames(context.names, tool.name);
  const docs = [toolDoc(tool)];
  if (tool.parameters.kind === "not-shown") {
    return [{ kind: StructureKind.TypeAlias, isExported: true, docs, name: names.input, type: "{ [parameter: string]: unknown }" }];
  }
  const parameters = tool.parameters.list;
  if (parameters.length === 0) {
    return [{ kind: StructureKind.TypeAlias, isExported: true, docs, name: names.input, type: "Record<string, never>" }];
  }
  const executeValue = context.toolMode.executeValue;
  if (!tool.modePattern) {
    return [{ kind: StructureKind.Interface, isExported: true, docs, name: names.input, properties: parameters.map((p) => property(p, p.requirement !== "always", executeValue)) }];
  }
  // Mode-pattern: the shared parameters, then one branch per mode value; only execute requires `~`.
  const shared = parameters.filter((p) => p.name !== "mode");
  const onExecute = shared.filter((p) => p.requirement === "execute").map((p) => stringLiteral(p.name));
  const otherModes = ignoringModes(context.toolMode).map(stringLiteral);
  const executeBranch = `${names.parameters} & { mode: ${stringLiteral(executeValue)} }${onExecute.length > 0 ? ` & Required<Pick<${names.parameters}, ${union(onExecute)}>>` : ""}`;
  const bodyType = requestBodyPropertyType(tool, names);
  return [
    ...requestBodyTypes(tool, names),
    {
      kind: StructureKind.Interface,
      isExported: true,
      docs: [docText(`Parameters of \`${tool.fullName}\` besides \`mode\`.`)],
      name: names.parameters,
      properties: shared.map((p) => ({ ...property(p, true, executeValue), ...(p.name === "request_body" && bodyType !== undefined && { type: bodyType }) })),
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      docs,
      name: names.input,
      // Document A, rule 3: with any other mode every other parameter is ignored, whatever its value.
      type: `\n  | (Partial<Record<keyof ${names.parameters}, unknown>> & { mode: ${union(otherModes)} })\n  | (${executeBranch})`,
    },
  ];
}

function property(parameter: Parameter, optional: boolean, executeValue: string): PropertySignatureStructure {
  const facts = parameterFacts(parameter, executeValue);
  return {
    kind: StructureKind.PropertySignature,
    name: propertyKey(parameter.name),
    hasQuestionToken: optional,
    type: typeText(parameter.type),
    ...(facts.length > 0 && { docs: [docText(facts.join("\n"))] }),
  };
}

export function typeText(type: ValueType): string {
  switch (type.kind) {
    case "string":
      return "string";
    case "enum":
      return type.values.known && type.values.value.length > 0 ? union(type.values.value.map(stringLiteral)) : "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "object":
      if (type.maxProperties === 0) return "Record<string, never>";
      if (type.keys.length === 0) return "{ [key: string]: unknown }";
      return `{ ${type.keys.map((k) => `${propertyKey(k.name)}?: unknown; `).join("")}[key: string]: unknown }`;
    case "array":
      return type.items.kind === "enum" && type.items.values.known ? `readonly (${typeText(type.items)})[]` : "readonly string[]";
  }
}
