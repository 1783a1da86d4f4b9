// Emits src/validators.ts: one straight-line validator per tool (no schema interpretation at run
// time) plus `validate(toolName, input)`. Every check mirrors a keyword of the tool's inputSchema.
import { StructureKind, type CodeBlockWriter, type StatementStructures } from "ts-morph";
import { toolExportNames } from "../ir/naming.ts";
import type { Catalog, Parameter, Rule, Server, StringFormat, Tool, ValueType } from "../ir/types.ts";
import { docText, jsonLiteral, propertyAccess, stringLiteral } from "./escape.ts";
import { printTypeScript, type GeneratedFile } from "./source-file.ts";

/** The runtime's predicate for each string format. */
export const formatPredicates: Record<StringFormat, string> = {
  date: "isDate",
  "date-time": "isDateTime",
  url: "isUrl",
  uri: "isUri",
  "column-letters": "isColumnLetters",
  column: "isColumn",
  csv: "isCsv",
  json: "isJson",
  "cell-data": "isCellData",
  bearer: "isBearer",
  jwt: "isJwt",
};

const issueHelpers = [
  "isObject",
  "issueNotObject",
  "issueUnknownParameter",
  "issueRequired",
  "issueRequiredOnExecute",
  "issueRequiredWhen",
  "issueRequires",
  "issueType",
  "issueTooSmall",
  "issueTooBig",
  "issueEnum",
  "issueFormat",
  "issueTooManyKeys",
  "issueTooFewKeys",
  "issueUnreadable",
  "issueUnknownTool",
];

export function emitValidators(server: Server, catalog: Catalog): GeneratedFile {
  const ctx = new Context(catalog.rules.toolMode.executeValue);
  const functions = server.tools.map((tool) => validatorFunction(tool, ctx));
  const inputNames = server.tools.map((t) => toolExportNames(t.name).input);
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "@toolcat/runtime",
      namedImports: [...issueHelpers.filter((h) => ctx.used.has(h)), ...[...ctx.formats].sort()].sort(),
    },
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: "@toolcat/runtime", namedImports: ["ValidationIssue", "ValidationResult"] },
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: "./types.js", namedImports: [...inputNames, "ToolFullName", "ToolInputs", "ToolName"].sort() },
    ...functions,
    dispatcher(server),
  ];
  return printTypeScript(server, `packages/${server.slug}/src/validators.ts`, statements);
}

class Context {
  readonly used = new Set<string>(["isObject", "issueNotObject", "issueUnreadable", "issueUnknownTool"]);
  readonly formats = new Set<string>();
  constructor(readonly executeValue: string) {}
  helper(name: string): string {
    this.used.add(name);
    return name;
  }
}

function validatorFunction(tool: Tool, ctx: Context): StatementStructures {
  const names = toolExportNames(tool.name);
  return {
    kind: StructureKind.Function,
    isExported: true,
    docs: [docText(`Checks an input for \`${tool.fullName}\`, reporting every problem. Never throws.`)],
    name: names.validator,
    parameters: [{ name: "input", type: "unknown" }],
    returnType: `ValidationResult<${names.input}>`,
    statements: (w) => {
      w.write("try").block(() => {
        w.writeLine(`if (!isObject(input)) return { ok: false, issues: [issueNotObject(input)] };`);
        if (tool.parameters.kind === "not-shown") {
          w.writeLine(`return { ok: true, value: input as ${names.input} };`);
          return;
        }
        w.writeLine("let issues: ValidationIssue[] | undefined;");
        writeUnknownKeys(w, tool.parameters.list, ctx);
        tool.parameters.list.forEach((p, i) => writeParameter(w, p, `v${i}`, tool, ctx));
        tool.rules.forEach((rule) => writeRule(w, rule, ctx));
        w.writeLine(`return issues === undefined ? { ok: true, value: input as ${names.input} } : { ok: false, issues };`);
      });
      w.write(" catch (error)").block(() => {
        w.writeLine("return { ok: false, issues: [issueUnreadable(error)] };");
      });
    },
  };
}

function writeUnknownKeys(w: CodeBlockWriter, parameters: readonly Parameter[], ctx: Context): void {
  const known = jsonLiteral(parameters.map((p) => p.name));
  w.write("for (const key in input)").block(() => {
    if (parameters.length === 0) {
      w.writeLine(`(issues ??= []).push(${ctx.helper("issueUnknownParameter")}(key, []));`);
      return;
    }
    w.write("switch (key)").block(() => {
      for (const p of parameters) w.writeLine(`case ${stringLiteral(p.name)}:`);
      w.indent().write("break;").newLine();
      w.writeLine("default:");
      w.indent().write(`(issues ??= []).push(${ctx.helper("issueUnknownParameter")}(key, ${known}));`).newLine();
    });
  });
}

function writeParameter(w: CodeBlockWriter, parameter: Parameter, variable: string, tool: Tool, ctx: Context): void {
  const path = stringLiteral(pointer(parameter.name));
  const label = stringLiteral(parameter.name);
  w.writeLine(`const ${variable} = ${propertyAccess("input", parameter.name)};`);
  const missing =
    parameter.requirement === "always"
      ? `${ctx.helper("issueRequired")}(${path}, ${label})`
      : parameter.requirement === "execute" && tool.modePattern
        ? `${ctx.helper("issueRequiredOnExecute")}(${path}, ${label}, ${stringLiteral(ctx.executeValue)})`
        : undefined;
  if (missing !== undefined) {
    const condition =
      parameter.requirement === "execute" ? `${variable} === undefined && input.mode === ${stringLiteral(ctx.executeValue)}` : `${variable} === undefined`;
    w.write(`if (${condition})`).block(() => w.writeLine(`(issues ??= []).push(${missing});`));
    w.write(" else ");
  }
  w.write(`if (${variable} !== undefined)`).block(() => writeTypeCheck(w, parameter.type, variable, path, label, ctx));
}

/** Emits the checks for one value; `path` and `label` are JS expressions. */
function writeTypeCheck(w: CodeBlockWriter, type: ValueType, value: string, path: string, label: string, ctx: Context): void {
  const push = (helper: string, args: string): void => {
    w.writeLine(`(issues ??= []).push(${ctx.helper(helper)}(${path}, ${label}, ${args}));`);
  };
  switch (type.kind) {
    case "string":
      w.write(`if (typeof ${value} !== "string")`).block(() => push("issueType", `"a string", ${value}`));
      if (type.format !== undefined) {
        const predicate = formatPredicates[type.format];
        ctx.formats.add(predicate);
        w.write(` else if (!${predicate}(${value}))`).block(() => push("issueFormat", `${stringLiteral(type.format ?? "")}, ${value}`));
      }
      w.newLine();
      return;
    case "enum":
      if (!type.values.known) {
        w.write(`if (typeof ${value} !== "string")`).block(() => push("issueType", `"a string", ${value}`));
        return;
      }
      w.write(`if (${type.values.value.map((v) => `${value} !== ${stringLiteral(v)}`).join(" && ") || "true"})`).block(() =>
        push("issueEnum", `${jsonLiteral(type.values.known ? type.values.value : [])}, ${value}`),
      );
      return;
    case "integer":
    case "number": {
      const wrong = type.kind === "integer" ? `typeof ${value} !== "number" || !Number.isInteger(${value})` : `typeof ${value} !== "number" || !Number.isFinite(${value})`;
      w.write(`if (${wrong})`).block(() => push("issueType", `${type.kind === "integer" ? '"an integer"' : '"a number"'}, ${value}`));
      if (type.minimum !== undefined || type.maximum !== undefined) {
        w.write(" else").block(() => {
          if (type.minimum !== undefined) w.write(`if (${value} < ${type.minimum})`).block(() => push("issueTooSmall", `${type.minimum}, ${value}`));
          if (type.maximum !== undefined) w.write(`if (${value} > ${type.maximum})`).block(() => push("issueTooBig", `${type.maximum}, ${value}`));
        });
      }
      w.newLine();
      return;
    }
    case "boolean":
      w.write(`if (typeof ${value} !== "boolean")`).block(() => push("issueType", `"a boolean", ${value}`));
      return;
    case "object":
      w.write(`if (!isObject(${value}))`).block(() => push("issueType", `"an object", ${value}`));
      if (type.minProperties !== undefined || type.maxProperties !== undefined) {
        w.write(" else").block(() => {
          w.writeLine(`const count = Object.keys(${value}).length;`);
          if (type.minProperties !== undefined) w.write(`if (count < ${type.minProperties})`).block(() => push("issueTooFewKeys", `${type.minProperties}, count`));
          if (type.maxProperties !== undefined) w.write(`if (count > ${type.maxProperties})`).block(() => push("issueTooManyKeys", `${type.maxProperties}, count`));
        });
      }
      w.newLine();
      return;
    case "array":
      w.write(`if (!Array.isArray(${value}))`).block(() => push("issueType", `"an array", ${value}`));
      w.write(" else").block(() => {
        w.write(`for (let i = 0; i < ${value}.length; i++)`).block(() => {
          w.writeLine(`const item: unknown = ${value}[i];`);
          writeTypeCheck(w, type.items, "item", `${path} + "/" + i`, `${label} + "[" + i + "]"`, ctx);
        });
      });
      w.newLine();
      return;
  }
}

function writeRule(w: CodeBlockWriter, rule: Rule, ctx: Context): void {
  switch (rule.kind) {
    case "required-when":
      w.write(`if (${propertyAccess("input", rule.when)} === ${stringLiteral(rule.equals)} && ${propertyAccess("input", rule.parameter)} === undefined)`).block(() =>
        w.writeLine(
          `(issues ??= []).push(${ctx.helper("issueRequiredWhen")}(${stringLiteral(pointer(rule.parameter))}, ${stringLiteral(rule.parameter)}, ${stringLiteral(rule.when)}, ${stringLiteral(rule.equals)}));`,
        ),
      );
      return;
    case "requires":
      w.write(`if (${propertyAccess("input", rule.parameter)} !== undefined && ${propertyAccess("input", rule.requires)} === undefined)`).block(() =>
        w.writeLine(`(issues ??= []).push(${ctx.helper("issueRequires")}(${stringLiteral(pointer(rule.requires))}, ${stringLiteral(rule.requires)}, ${stringLiteral(rule.parameter)}));`),
      );
      return;
    case "precedence":
      return; // documentation only: both parameters stay valid together
  }
}

function dispatcher(server: Server): StatementStructures {
  return {
    kind: StructureKind.Function,
    isExported: true,
    docs: [
      docText(
        `Validates the input of any ${server.name} tool, named by short (\`GetX\`) or full (\`${server.name}.GetX\`) name. An unknown name gives an \`unknown_tool\` issue. Never throws.`,
      ),
    ],
    name: "validate",
    typeParameters: [{ name: "N", constraint: "ToolName" }],
    parameters: [
      { name: "toolName", type: `N | \`${server.name}.\${N}\` | ToolFullName | (string & {})` },
      { name: "input", type: "unknown" },
    ],
    returnType: "ValidationResult<ToolInputs[N]>",
    statements: (w) => {
      w.write("switch (toolName)").block(() => {
        for (const tool of server.tools) {
          w.writeLine(`case ${stringLiteral(tool.name)}:`);
          w.writeLine(`case ${stringLiteral(tool.fullName)}:`);
          w.indent().write(`return ${toolExportNames(tool.name).validator}(input) as ValidationResult<ToolInputs[N]>;`).newLine();
        }
        w.writeLine("default:");
        w.indent().write(`return { ok: false, issues: [issueUnknownTool(toolName, ${stringLiteral(server.name)}, ${jsonLiteral(server.tools.map((t) => t.name))})] };`).newLine();
      });
    },
  };
}

/** RFC 6901 pointer to a top-level parameter. */
function pointer(name: string): string {
  return `/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}
