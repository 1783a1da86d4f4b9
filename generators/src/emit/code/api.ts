// Code mode: code/api.d.ts declares every tool as an async function in one namespace
// (`CloudSheets.getSpreadsheet(input)`), written for a model to read in few tokens: constraints as
// JSDoc tags, enums as literal unions, rules in one short line. src/code.ts tells @toolcat/code
// where that file is and which tool each function calls.
import { formatPatterns } from "../../../../packages/runtime/src/formats.ts";
import type { GeneratedFile } from "../../core/files.ts";
import { codeModule } from "../../ir/generated-identifiers.ts";
import { toolNames } from "../../ir/naming.ts";
import type { Parameter, Rule, Tool } from "../../ir/types.ts";
import { judgmentBrief, sentence } from "../core/describe.ts";
import { docTag, docText, jsonLiteral, propertyKey, stringLiteral } from "../core/escape.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import { modeValues } from "../../ir/parameter-schema.ts";
import { layout, maxLineLength, prefixed, pure } from "../core/layout.ts";
import { docComment, exportConst, headerLine, objectLiteral, printTypeScript } from "../core/source-file.ts";
import { schemaType } from "../typescript/schema-type.ts";
import { modelTool } from "../model/provider-tools.ts";

/**
 * The code-mode record of a package (its declarations file and each namespace function's tool), read by @toolcat/code.
 */
const codeApiExportName = codeModule.codeApi;

/** The declarations file, relative to the package directory. */
const declarationsPath = "code/api.d.ts";

export const codeApiEmitter: Emitter = {
  id: "code-api",
  outputs: [declarationsPath, "src/code.ts"],
  exports: { "./code/api.d.ts": `./${declarationsPath}` },
  index: { module: "./code.js", names: [codeApiExportName] },
  emit: (context) => [declarationsFile(context), recordFile(context)],
};

/** src/code.ts: the namespace, the declarations file beside the package, and each function's full tool name. */
function recordFile(context: EmitContext): GeneratedFile {
  const { server } = context;
  const functions = server.tools.map(
    (tool) => [propertyKey(toolNames(context.names, tool.name).method), stringLiteral(tool.fullName)] as const,
  );
  const value = objectLiteral([
    ["namespace", stringLiteral(server.name)],
    // Resolved against this module, so it points into the package from src/ and from dist/ alike.
    ["declarations", pure(`new URL(${stringLiteral(`../${declarationsPath}`)}, import.meta.url)`)],
    ["functions", objectLiteral(functions).replace(/\n/g, "\n  ")],
  ]);
  const doc =
    `Code mode: where \`${declarationsPath}\` is and the full tool name each \`${server.name}.<function>\` calls. ` +
    "Read by @toolcat/code.";
  return printTypeScript(server, `${packageDir(context)}/src/code.ts`, [
    exportConst({ doc, name: codeApiExportName, value: `${value} as const` }),
  ]);
}

function declarationsFile(context: EmitContext): GeneratedFile {
  const { server } = context;
  const modeText = server.tools.some((tool) => tool.modePattern) ? ` ${modePatternText(context)}` : "";
  const doc =
    `${sentence(server.description)} Results are \`unknown\`: ` + `the catalog does not show their shape.${modeText}`;
  const lines = [
    headerLine(server),
    docComment(doc),
    `declare namespace ${server.name} {`,
    ...server.tools.flatMap((tool) => toolDeclaration(tool, context).map((line) => `  ${line}`)),
    "}",
  ];
  return { path: `${packageDir(context)}/${declarationsPath}`, text: `${lines.join("\n")}\n` };
}

/** The mode pattern in two sentences, said once per namespace rather than on every such function. */
function modePatternText(context: EmitContext): string {
  const [otherMode = ""] = modeValues(context.toolMode).ignoring;
  return (
    `Functions taking \`mode\`: \`{ mode: ${JSON.stringify(otherMode)} }\` returns the fields \`request_body\` ` +
    `takes; \`{ mode: ${JSON.stringify(context.toolMode.executeValue)}, request_body: JSON.stringify({...}) }\` ` +
    "performs the operation."
  );
}

/** One function: its doc, then a signature whose input type lists each parameter with its tags. */
function toolDeclaration(tool: Tool, context: EmitContext): string[] {
  const method = toolNames(context.names, tool.name).method;
  const executeValue = context.toolMode.executeValue;
  const head = `function ${method}(input`;
  const tail = "): Promise<unknown>;";
  const doc = docComment(toolText(tool), toolTags(tool), exampleLines(context, tool, method)).split("\n");
  if (tool.parameters.kind === "not-shown") return [...doc, `${head}?: { [parameter: string]: unknown }${tail}`];
  const parameters = tool.parameters.list.filter((p) => !(tool.modePattern && p.name === "mode"));
  if (parameters.length === 0 && !tool.modePattern) return [...doc, `${head}?: Record<string, never>${tail}`];
  const optional = parameters.every((p) => p.requirement !== "always") && !tool.modePattern ? "?" : "";
  // Mode-pattern tools: any other mode ignores the parameters, execute takes them (`~` required).
  const otherModes = tool.modePattern
    ? `{ mode: ${modeValues(context.toolMode).ignoring.map(stringLiteral).join(" | ")} } | `
    : "";
  const modeMember = tool.modePattern ? [`mode: ${stringLiteral(executeValue)};`] : [];
  const members = [
    ...modeMember,
    ...parameters.flatMap((p) =>
      member(p, tool.modePattern ? p.requirement === "optional" : p.requirement !== "always"),
    ),
  ];
  return [...doc, `${head}${optional}: ${otherModes}{`, ...members.map((line) => `  ${line}`), `}${tail}`];
}

function toolText(tool: Tool): string {
  const lines = [sentence(tool.purpose)];
  if (tool.parameters.kind === "not-shown") lines.push("The catalog does not show its parameters.");
  return lines.join(" ");
}

/** Behaviour hints the spec states, the rules in one line each, and toolcat's own readings in brief. */
function toolTags(tool: Tool): string[] {
  const hints = [
    tool.annotations.readOnly === true && "@readOnly",
    tool.annotations.destructive === true && "@destructive",
  ];
  return [
    ...hints.filter((hint) => hint !== false),
    ...tool.rules.map(ruleTag),
    ...tool.judgments.map((text) => docTag("judgment", judgmentBrief(text))),
  ];
}

/** Widest example line: a function's doc comment sits in the namespace, behind `  * `. */
const exampleWidth = maxLineLength - 5;

/**
 * One example call, the manifest's first, as a program writes it: `@example`, then the call with its
 * properties packed into lines (an object or array value too wide for a line, one entry a line). None
 * for a call without arguments or with only `mode` and `request_body`, or one with a value wider
 * than a line (it teaches less than it costs).
 */
function exampleLines(context: EmitContext, tool: Tool, method: string): string[] {
  const [example] = modelTool(context.server, tool, context.toolMode).examples;
  // A call of only the mode pattern's own parameters is the one the namespace's comment already shows.
  const implicit = new Set(
    tool.parameters.kind === "known" ? tool.parameters.list.filter((p) => p.implicit).map((p) => p.name) : [],
  );
  if (example === undefined || Object.keys(example).every((key) => implicit.has(key))) return [];
  const pieces = Object.entries(example).flatMap(([key, value]) => {
    const compact = `${propertyKey(key)}: ${jsonLiteral(value)},`;
    return compact.length + 2 <= exampleWidth
      ? [compact]
      : `${propertyKey(key)}: ${jsonLiteral(value, 2, 0)},`.split("\n").map((line) => line.trim());
  });
  const lines = [`${context.server.name}.${method}({`];
  for (const piece of pieces) {
    const last = lines.length - 1;
    if (last > 0 && lines[last]!.length + piece.length + 1 <= exampleWidth && !/[[{]$/.test(piece))
      lines[last] += ` ${piece}`;
    else lines.push(`  ${piece}`);
  }
  const oneLine = `${lines[0]} ${pieces.join(" ").replace(/,$/, "")} })`;
  const laidOut = oneLine.length <= exampleWidth && lines.length === 2 ? [oneLine] : [...lines, "})"];
  if (laidOut.some((line) => line.length > exampleWidth)) return [];
  return ["@example", ...laidOut.map(docText)];
}

function ruleTag(rule: Rule): string {
  switch (rule.kind) {
    case "required-when":
      return docTag("requiredWhen", `${rule.parameter} if ${rule.when} = ${JSON.stringify(rule.equals)}`);
    case "requires":
      return docTag("requires", `${rule.parameter} needs ${rule.requires}`);
    case "precedence":
      return docTag("precedence", `${rule.parameter} over ${rule.over}`);
  }
}

/** Width of a member line: namespace, function and type literal each indent by two. */
const memberWidth = maxLineLength - 6;

function member(parameter: Parameter, optional: boolean): string[] {
  const doc = parameterText(parameter);
  const tags = parameterTags(parameter);
  const head = `${propertyKey(parameter.name)}${optional ? "?" : ""}: `;
  const declaration = layout(prefixed(head, schemaType(parameter.schema)), memberWidth, ";");
  return [...(doc === "" && tags.length === 0 ? [] : docComment(doc, tags).split("\n")), ...declaration];
}

function parameterText(parameter: Parameter): string {
  // The mode pattern's own parameters are explained once, in the namespace's comment.
  if (parameter.implicit) return "";
  return [parameter.description, ...parameter.notes]
    .filter((text) => text !== undefined)
    .map(sentence)
    .join(" ");
}

/** Constraints as JSDoc tags; the type already carries enum values and named object keys. */
function parameterTags(parameter: Parameter): string[] {
  const node = parameter.schema;
  const tags: string[] = [];
  if (node.type?.includes("integer")) tags.push("@integer");
  if (node.minimum !== undefined) tags.push(docTag("minimum", String(node.minimum)));
  if (node.maximum !== undefined) tags.push(docTag("maximum", String(node.maximum)));
  const format = node.toolFormat;
  if (format !== undefined) {
    tags.push(docTag("format", format));
    if (format in formatPatterns) tags.push(docTag("pattern", formatPatterns[format as keyof typeof formatPatterns]));
  }
  if (node.valuesNotShown) tags.push(docTag("enum", `${node.enumName ?? "values"} (values not shown)`));
  if (node.minProperties !== undefined) tags.push(docTag("minProperties", String(node.minProperties)));
  if (node.maxProperties !== undefined) tags.push(docTag("maxProperties", String(node.maxProperties)));
  if (parameter.default !== undefined) tags.push(docTag("default", JSON.stringify(parameter.default)));
  if (parameter.defaultNote !== undefined)
    tags.push(docTag("whenAbsent", parameter.defaultNote.replace(/^absent:\s*/i, "")));
  tags.push(...parameter.judgments.map((text) => docTag("judgment", judgmentBrief(text))));
  return tags;
}
