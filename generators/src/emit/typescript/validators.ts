// Emits src/validators.ts: per tool a straight-line validator (no schema interpretation at run time)
// and its boolean guard, plus `validate(toolName, input)`. Every check mirrors a keyword of the
// tool's inputSchema; the checks themselves are written by validator-checks.ts.
import type { GeneratedFile } from "../../core/files.ts";
import { toolNames, type ServerNames } from "../../ir/naming.ts";
import type { Server, Tool } from "../../ir/types.ts";
import { stringLiteral } from "../core/escape.ts";
import { ignoringModes, packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import {
  formatPredicateNames,
  internalNames,
  runtimeInternalModule,
  runtimeModule,
  runtimeTypeNames,
  type InternalName,
} from "../core/runtime-names.ts";
import { arrayLiteral, call, chain, laidOut, parenthesized, prefixed, suffixed, writeLaidOut, type Group } from "../core/layout.ts";
import { requestBodyChecks } from "../request-body/validator.ts";
import { functionDeclaration, nameList, printTypeScript } from "../core/source-file.ts";
import { writeChecks, type ModuleContext, type Outcome } from "./validator-checks.ts";

/** Runtime helpers the emitted validators (and request body checks) may call; the module imports those it uses. */
const validatorHelpers = internalNames([
  "pointer",
  "isObject",
  "ownProperties",
  "isOwnKey",
  "isOwnEnumerable",
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
  "issueUnknownField",
  "issueLength",
  "issueNoMatch",
  "issueExclusive",
  "addIssue",
  "capIssues",
  "MAX_ISSUES",
  "parseJson",
]);

const runtimeTypes = runtimeTypeNames(["ValidationIssue", "ValidationResult"]);
/** Globals the validators read. */
const globals = ["Object", "Number", "Array", "JSON"];
/** The dispatcher: `validate(toolName, input)`. */
const dispatcherName = "validate";
const declares = { exports: [dispatcherName], locals: [...validatorHelpers, ...formatPredicateNames(), ...runtimeTypes, ...globals] };

export const validatorsEmitter: Emitter = {
  id: "validators",
  outputs: ["src/validators.ts"],
  declares,
  index: { module: "./validators.js", names: "all" },
  emit: (context) => [emitValidators(context)],
};

function emitValidators(context: EmitContext): GeneratedFile {
  const { server } = context;
  const ctx = new Context(context.toolMode.executeValue, context.names, ignoringModes(context.toolMode));
  const functions = server.tools.flatMap((tool) => [
    validatorFunction(tool, ctx),
    guardFunction(tool, ctx),
    ...requestBodyChecks(tool, toolNames(context.names, tool.name), (name) => ctx.helper(name)),
  ]);
  const inputNames = server.tools.map((t) => toolNames(context.names, t.name).input);
  const statements: string[] = [
    nameList("import", [...ctx.used, ...ctx.formats].sort(), runtimeInternalModule),
    nameList("import type", runtimeTypes, runtimeModule),
    nameList("import type", [...inputNames, "ToolFullName", "ToolInputs", "ToolName"].sort(), "./types.js"),
    ...parameterListConstants(server, ctx),
    ...functions,
    dispatcher(server, context.names),
  ];
  return printTypeScript(server, `${packageDir(context)}/src/validators.ts`, statements);
}

class Context implements ModuleContext {
  readonly used = new Set<InternalName>(["isObject", "issueNotObject", "issueUnreadable", "issueUnknownTool"]);
  readonly formats = new Set<InternalName>();
  readonly moduleNames: ReadonlySet<string>;
  constructor(
    readonly executeValue: string,
    readonly names: ServerNames,
    readonly ignoringModes: readonly string[],
  ) {
    const own = [...names.tools.values()].flatMap((tool) => [tool.validator, tool.guard, tool.parameterList, tool.requestBodyCheck]);
    this.moduleNames = new Set([...declares.exports, ...declares.locals, ...own]);
  }
  readonly helper = (name: InternalName): string => {
    // The emitter's `declares` lists the helpers, so spec names never derive one.
    if (!(validatorHelpers as readonly string[]).includes(name)) throw new Error(`toolcat internal error: ${name} is not a validator helper`);
    this.used.add(name);
    return name;
  };
  format(name: InternalName): string {
    this.formats.add(name);
    return name;
  }
}

/**
 * Each tool's parameter names as a module-level constant of its own (`parametersOfGetThing`): an
 * unknown-parameter issue gets the same array on every call, so the runtime joins it into a message
 * once, and a bundler keeps only the lists of the validators a consumer imports.
 */
function parameterListConstants(server: Server, ctx: Context): string[] {
  const constants = server.tools.flatMap((tool) => {
    if (tool.parameters.kind !== "known") return [];
    const names = arrayLiteral(tool.parameters.list.map((p) => stringLiteral(p.name)));
    return [laidOut(prefixed(`const ${toolNames(ctx.names, tool.name).parameterList} = `, names), " as const;")];
  });
  return constants.length === 0 ? [] : [["// Each tool's parameter names, for unknown-parameter issues.", ...constants].join("\n")];
}

function validatorFunction(tool: Tool, ctx: Context): string {
  const names = toolNames(ctx.names, tool.name);
  const hasArray = tool.parameters.kind === "known" && tool.parameters.list.some((p) => p.type.kind === "array");
  const issues = `${ctx.helper("capIssues")}(issues${hasArray ? ", unchecked" : ""})`;
  const outcome: Outcome = {
    self: names.validator,
    collects: true,
    fail: (w, helper, args) => writeLaidOut(w, prefixed(`issues = ${ctx.helper("addIssue")}(issues, `, suffixed(call(helper, args), ")")), ";"),
    finish: (w, value) => {
      writeLaidOut(w, prefixed("if (issues === undefined) return ", valid(value, names.input)), ";");
      w.writeLine(`return { ok: false, issues: ${issues} };`);
    },
  };
  return functionDeclaration({
    exported: true,
    doc: `Checks an input for \`${tool.fullName}\`, reporting every problem. Never throws.`,
    name: names.validator,
    parameters: ["input: unknown"],
    returnType: `ValidationResult<${names.input}>`,
    body: (w) => {
      w.write("try ").inlineBlock(() => {
        w.writeLine(`if (!isObject(input)) return { ok: false, issues: [issueNotObject(input)] };`);
        if (tool.parameters.kind === "not-shown") {
          // The document does not show this tool's parameters: any object is accepted.
          writeLaidOut(w, prefixed("return ", valid("input", names.input)), ";");
          return;
        }
        w.writeLine("let issues: ValidationIssue[] | undefined;");
        if (hasArray) w.writeLine("let unchecked = 0;");
        writeChecks(w, { ...tool, parameters: tool.parameters }, ctx, outcome);
      });
      w.write(" catch (error) ").inlineBlock(() => {
        // Only a hostile input (a throwing getter or proxy) gets here.
        w.writeLine("return { ok: false, issues: [issueUnreadable(error)] };");
      });
    },
  });
}

/**
 * `is<Tool>(input)`: the validator's verdict alone. The same checks, each answering false at once,
 * so no issue, list or result is made; a captured request body is the one thing it builds (its
 * parsed tree). The values are checked before the walk over the keys, which most invalid inputs
 * then skip.
 */
function guardFunction(tool: Tool, ctx: Context): string {
  const names = toolNames(ctx.names, tool.name);
  const outcome: Outcome = {
    self: names.guard,
    collects: false,
    // A present value that fails counts if the input has it as its own enumerable property (what
    // JSON sends); one read from elsewhere (a prototype, a proxy's default) sends the guard to the copy.
    fail: (w, _helper, _args, subject) => {
      if (subject === undefined) return w.writeLine("return false;");
      const own = `${ctx.helper("isOwnEnumerable")}(input, ${stringLiteral(subject)})`;
      writeLaidOut(w, prefixed("return ", parenthesized(chain("&&", ["source === input", `!${own}`, `${names.guard}(${ctx.helper("ownProperties")}(input))`]))), ";");
    },
    finish: (w) => w.writeLine("return true;"),
  };
  return functionDeclaration({
    exported: true,
    doc: `Whether an input for \`${tool.fullName}\` is valid: what \`${names.validator}\` says, without issues. Never throws.`,
    name: names.guard,
    parameters: ["input: unknown"],
    returnType: `input is ${names.input}`,
    body: (w) => {
      w.write("try ").inlineBlock(() => {
        if (tool.parameters.kind === "not-shown") return w.writeLine("return isObject(input);");
        w.writeLine("if (!isObject(input)) return false;");
        writeChecks(w, { ...tool, parameters: tool.parameters }, ctx, outcome);
      });
      // Only a hostile input (a throwing getter or proxy) gets here; the validator calls it unreadable.
      w.write(" catch ").inlineBlock(() => w.writeLine("return false;"));
    },
  });
}

/** `{ ok: true, value: <value> as unknown as <type> }`. */
function valid(value: string, type: string): Group {
  return { open: "{", items: ["ok: true", `value: ${value} as unknown as ${type}`], close: "}", separator: ",", trailing: true, padded: true };
}

function dispatcher(server: Server, names: ServerNames): string {
  return functionDeclaration({
    exported: true,
    doc: `Validates the input of any ${server.name} tool, named by short (\`GetX\`), full (\`${server.name}.GetX\`) or model (\`${server.name}_GetX\`) name. An unknown name gives an \`unknown_tool\` issue. Never throws.`,
    name: dispatcherName,
    typeParameters: "<N extends ToolName>",
    parameters: [`toolName: N | \`${server.name}.\${N}\` | \`${server.name}_\${N}\` | ToolFullName | (string & {})`, "input: unknown"],
    returnType: "ValidationResult<ToolInputs[N]>",
    body: (w) => {
      w.write("switch (toolName) ").inlineBlock(() => {
        for (const tool of server.tools) {
          const validator = toolNames(names, tool.name).validator;
          w.writeLine(`case ${stringLiteral(tool.name)}:`);
          w.writeLine(`case ${stringLiteral(tool.fullName)}:`);
          w.writeLine(`case ${stringLiteral(toolNames(names, tool.name).modelName)}:`);
          w.indent(() => w.writeLine(`return ${validator}(input) as ValidationResult<ToolInputs[N]>;`));
        }
        w.writeLine("default:");
        const known = arrayLiteral(server.tools.map((t) => stringLiteral(t.name)));
        const unknown = call("issueUnknownTool", ["toolName", stringLiteral(server.name), known]);
        w.indent(() => writeLaidOut(w, prefixed("return { ok: false, issues: ", suffixed(arrayLiteral([unknown]), " }")), ";"));
      });
      w.newLine();
    },
  });
}
