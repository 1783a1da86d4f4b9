// Emits src/validators.ts: one straight-line validator per tool (no schema interpretation at run
// time) plus `validate(toolName, input)`. Every check mirrors a keyword of the tool's inputSchema.
import type { CodeBlockWriter } from "ts-morph";
// The pointers the emitted code reports are the runtime's own, built by the same function.
import { pointer } from "../../../../packages/runtime/src/validation.ts";
import type { GeneratedFile } from "../../core/files.ts";
import { toolNames, type ServerNames } from "../../ir/naming.ts";
import type { Parameter, Rule, Server, Tool, ValueType } from "../../ir/types.ts";
import { isUsableIdentifier, stringLiteral } from "../core/escape.ts";
import { ignoringModes, packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import {
  formatPredicate,
  formatPredicateNames,
  internalNames,
  runtimeInternalModule,
  runtimeModule,
  runtimeTypeNames,
  type InternalName,
} from "../core/runtime-names.ts";
import { arrayLiteral, call, chain, laidOut, parenthesized, prefixed, suffixed, writeIf, writeLaidOut, type Code, type Group } from "../core/layout.ts";
import { requestBodyChecks, writeRequestBodyCall } from "../request-body/validator.ts";
import { functionDeclaration, nameList, printTypeScript } from "../core/source-file.ts";

/** Runtime helpers the emitted validators (and request body checks) may call; the module imports those it uses. */
const validatorHelpers = internalNames([
  "pointer",
  "isObject",
  "ownProperties",
  "isOwnKey",
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
  "capIssues",
  "MAX_ISSUES",
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

class Context {
  readonly used = new Set<InternalName>(["isObject", "issueNotObject", "issueUnreadable", "issueUnknownTool"]);
  readonly formats = new Set<InternalName>();
  /** The module's scope: a parameter's local must not shadow any of it (a validator calls itself again). */
  readonly moduleNames: ReadonlySet<string>;
  constructor(
    readonly executeValue: string,
    readonly names: ServerNames,
    /** Mode values with which a mode-pattern tool ignores its other parameters. */
    readonly ignoringModes: readonly string[],
  ) {
    const own = [...names.tools.values()].flatMap((tool) => [tool.validator, tool.parameterList, tool.requestBodyCheck]);
    this.moduleNames = new Set([...declares.exports, ...declares.locals, ...own]);
  }
  helper(name: InternalName): string {
    // The emitter's `declares` lists the helpers, so spec names never derive one.
    if (!(validatorHelpers as readonly string[]).includes(name)) throw new Error(`toolcat internal error: ${name} is not a validator helper`);
    this.used.add(name);
    return name;
  }
}

/**
 * Each tool's parameter names as a module-level constant of its own (`parametersOfGetThing`): an
 * unknown-parameter issue gets the same array on every call, so the runtime joins it into a message
 * once, and a bundler keeps only the lists of the validators a consumer imports.
 */
function parameterList(tool: Tool, ctx: Context): string {
  return toolNames(ctx.names, tool.name).parameterList;
}

function parameterListConstants(server: Server, ctx: Context): string[] {
  const constants = server.tools.flatMap((tool) => {
    if (tool.parameters.kind !== "known") return [];
    const names = arrayLiteral(tool.parameters.list.map((p) => stringLiteral(p.name)));
    return [laidOut(prefixed(`const ${parameterList(tool, ctx)} = `, names), " as const;")];
  });
  return constants.length === 0 ? [] : [["// Each tool's parameter names, for unknown-parameter issues.", ...constants].join("\n")];
}

function validatorFunction(tool: Tool, ctx: Context): string {
  const hasArray = tool.parameters.kind === "known" && tool.parameters.list.some((p) => p.type.kind === "array");
  const names = toolNames(ctx.names, tool.name);
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
        const locals = localNames(tool.parameters.list, ctx.moduleNames);
        writeKeys(w, tool, locals, ctx, names.validator);
        if (tool.modePattern) writeIgnoringModes(w, ctx, names.input, locals);
        for (const p of tool.parameters.list) {
          const local = locals.get(p.name) ?? p.name;
          writeParameter(w, p, local, locals, ctx);
          if (p.name === "request_body") writeRequestBodyCall(w, tool, names, local);
        }
        tool.rules.forEach((rule) => writeRule(w, rule, locals, ctx));
        writeLaidOut(w, prefixed("if (issues === undefined) return ", valid("input", names.input)), ";");
        w.writeLine(`return { ok: false, issues: ${ctx.helper("capIssues")}(issues${hasArray ? ", unchecked" : ""}) };`);
      });
      w.write(" catch (error) ").inlineBlock(() => {
        // Only a hostile input (a throwing getter or proxy) gets here.
        w.writeLine("return { ok: false, issues: [issueUnreadable(error)] };");
      });
    },
  });
}

/** `{ ok: true, value: <value> as unknown as <type> }`. */
function valid(value: string, type: string): Group {
  return { open: "{", items: ["ok: true", `value: ${value} as unknown as ${type}`], close: "}", separator: ",", trailing: true, padded: true };
}

/** `(issues ??= []).push(<helper>(<args>))`. */
function pushIssue(w: CodeBlockWriter, helper: string, args: readonly Code[]): void {
  writeLaidOut(w, prefixed("(issues ??= []).push(", suffixed(call(helper, args), ")")), ";");
}

/** Names the validator body uses itself; a parameter's local never takes one. */
const bodyNames = new Set([
  ...["input", "source", "seen", "issues", "bodyIssues", "key", "count", "item", "i", "error"],
  // Globals beyond the module's own; the loader's snake_case rule keeps parameters off them, this keeps it so.
  ...["undefined", "arguments", "eval"],
]);

/**
 * A readable local per parameter (`max_rows` → `maxRows`), unique within the validator and never a
 * reserved word, a name the body uses or a name of the module's scope (which includes the
 * validator's own name, called again on a copy of the input): a clash gets a `Value` suffix, then a
 * number.
 */
function localNames(parameters: readonly Parameter[], moduleNames: ReadonlySet<string>): Map<string, string> {
  const taken = new Set([...bodyNames, ...moduleNames]);
  const locals = new Map<string, string>();
  for (const p of parameters) {
    const base = p.name.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9_$]/g, "_");
    let name = isUsableIdentifier(base) && !taken.has(base) ? base : `${base}Value`;
    for (let n = 2; !isUsableIdentifier(name) || taken.has(name); n++) name = `${base}Value${n}`;
    taken.add(name);
    locals.set(p.name, name);
  }
  return locals;
}

/**
 * Document A, rule 3: with a mode other than execute (get_request_schema) every other parameter is
 * ignored whatever its value, so only unknown keys count and the validated value keeps `mode` alone
 * (the client sends nothing else).
 */
function writeIgnoringModes(w: CodeBlockWriter, ctx: Context, inputType: string, locals: ReadonlyMap<string, string>): void {
  if (ctx.ignoringModes.length === 0) return;
  const mode = valueOf("mode", locals);
  const ignoring = chain("||", ctx.ignoringModes.map((value) => `${mode} === ${stringLiteral(value)}`));
  writeIf(w, ignoring, () => {
    // The value already read and compared, not a second read a getter could answer differently.
    writeLaidOut(w, prefixed("if (issues === undefined) return ", valid(`{ mode: ${mode} }`, inputType)), ";");
    w.writeLine(`return { ok: false, issues: ${ctx.helper("capIssues")}(issues) };`);
  });
}

/** The local holding a declared parameter's value; the loader rejects rules and `~` naming any other. */
function valueOf(name: string, locals: ReadonlyMap<string, string>): string {
  const local = locals.get(name);
  if (local === undefined) throw new Error(`toolcat internal error: no local for parameter ${name}`);
  return local;
}

/**
 * The input is read as JSON would send it: own enumerable properties. A plain object (what
 * JSON.parse and literals give) is read in place: one `for...in` pass finds unknown keys and counts
 * the known ones, then each parameter is one property read, which V8 compiles to a field load. The
 * count guards the reads: when more parameters have a value than known keys were seen (a proxy's
 * default answer, a non-enumerable or inherited property), the input is checked again as a copy of
 * its own enumerable properties. Any other object (class instance, null prototype, own `__proto__`
 * key) is read through that copy from the start; it has a null prototype, so nothing is inherited.
 * (`__proto__` is the one prototype test V8 inlines.) The loader rejects Object.prototype's names.
 */
function writeKeys(w: CodeBlockWriter, tool: Tool, locals: ReadonlyMap<string, string>, ctx: Context, validator: string): void {
  const known = parameterList(tool, ctx);
  const copy = ctx.helper("ownProperties");
  w.writeLine(`const source = input.__proto__ === Object.prototype ? input : ${copy}(input);`);
  if (locals.size > 0) w.writeLine("let seen = 0;");
  w.write("for (const key in source) ").inlineBlock(() => {
    const unknown = (): void =>
      writeIf(w, `${ctx.helper("isOwnKey")}(source, key)`, () => pushIssue(w, ctx.helper("issueUnknownParameter"), ["key", known]));
    if (locals.size === 0) return unknown();
    w.write("switch (key) ").inlineBlock(() => {
      for (const name of locals.keys()) w.writeLine(`case ${stringLiteral(name)}:`);
      w.indent(() => {
        w.writeLine("seen++;");
        w.writeLine("break;");
      });
      w.writeLine("default:");
      w.indent(unknown);
    });
    w.newLine();
  });
  w.newLine();
  if (locals.size === 0) return;
  for (const [name, local] of locals) w.writeLine(`const ${local} = source[${stringLiteral(name)}];`);
  const given = chain("+", [...locals.values()].map((local) => `(${local} === undefined ? 0 : 1)`));
  // With every known key seen, each value read has its key; otherwise count the values read.
  w.writeLine("// Fewer known keys seen than parameters with a value: a value came from elsewhere (a proxy, a prototype).");
  const elsewhere = chain("&&", [`seen !== ${locals.size}`, "source === input", prefixed("seen !== ", parenthesized(given))]);
  writeIf(w, elsewhere, () => w.writeLine(`return ${validator}(${copy}(input));`));
}

function writeParameter(w: CodeBlockWriter, parameter: Parameter, variable: string, declared: ReadonlyMap<string, string>, ctx: Context): void {
  const path = stringLiteral(pointer(parameter.name));
  const label = stringLiteral(parameter.name);
  const check = (): void => writeTypeCheck(w, parameter.type, variable, path, label, ctx);
  switch (parameter.requirement) {
    case "always":
      writeIf(w, `${variable} === undefined`, () => pushIssue(w, ctx.helper("issueRequired"), [path, label]), check);
      return;
    case "execute": {
      const execute = stringLiteral(ctx.executeValue);
      const onExecute = (): void => pushIssue(w, ctx.helper("issueRequiredOnExecute"), [path, label, execute]);
      writeIf(w, `${variable} === undefined`, () => writeIf(w, `${valueOf("mode", declared)} === ${execute}`, onExecute), check);
      return;
    }
    case "optional":
      writeIf(w, `${variable} !== undefined`, check);
      return;
  }
}

/** Emits the checks for one value; `path` and `label` are JS expressions. */
function writeTypeCheck(w: CodeBlockWriter, type: ValueType, value: string, path: string, label: string, ctx: Context): void {
  const push = (helper: InternalName, ...args: Code[]) => (): void => pushIssue(w, ctx.helper(helper), [path, label, ...args, value]);
  switch (type.kind) {
    case "string": {
      const format = type.format;
      if (format === undefined) return writeIf(w, `typeof ${value} !== "string"`, push("issueType", '"a string"'));
      const predicate = formatPredicate(format);
      ctx.formats.add(predicate);
      w.write(`if (typeof ${value} !== "string") `).inlineBlock(push("issueType", '"a string"'));
      w.write(" else ");
      return writeIf(w, `!${predicate}(${value})`, push("issueFormat", stringLiteral(format)), undefined, "} else ");
    }
    case "enum": {
      if (!type.values.known) return writeIf(w, `typeof ${value} !== "string"`, push("issueType", '"a string"'));
      const values = type.values.value.map(stringLiteral);
      return writeIf(w, chain("&&", values.map((v) => `${value} !== ${v}`)), push("issueEnum", arrayLiteral(values)));
    }
    case "integer":
    case "number": {
      const wrong = type.kind === "integer" ? `typeof ${value} !== "number" || !Number.isInteger(${value})` : `typeof ${value} !== "number" || !Number.isFinite(${value})`;
      const bounds = type.minimum !== undefined || type.maximum !== undefined;
      const minimum = type.minimum;
      const maximum = type.maximum;
      return writeIf(
        w,
        wrong,
        push("issueType", type.kind === "integer" ? '"an integer"' : '"a number"'),
        bounds
          ? () => {
              if (minimum !== undefined) writeIf(w, `${value} < ${minimum}`, push("issueTooSmall", `${minimum}`));
              if (maximum !== undefined) writeIf(w, `${value} > ${maximum}`, push("issueTooBig", `${maximum}`));
            }
          : undefined,
      );
    }
    case "boolean":
      return writeIf(w, `typeof ${value} !== "boolean"`, push("issueType", '"a boolean"'));
    case "object": {
      const counted = type.minProperties !== undefined || type.maxProperties !== undefined;
      const count = (helper: InternalName, limit: number) => (): void => pushIssue(w, ctx.helper(helper), [path, label, `${limit}`, "count"]);
      const minimum = type.minProperties;
      const maximum = type.maxProperties;
      return writeIf(
        w,
        `!isObject(${value})`,
        push("issueType", '"an object"'),
        counted
          ? () => {
              w.writeLine(`const count = Object.keys(${value}).length;`);
              if (minimum !== undefined) writeIf(w, `count < ${minimum}`, count("issueTooFewKeys", minimum));
              if (maximum !== undefined) writeIf(w, `count > ${maximum}`, count("issueTooManyKeys", maximum));
            }
          : undefined,
      );
    }
    case "array":
      return writeIf(w, `!Array.isArray(${value})`, push("issueType", '"an array"'), () => {
        w.write(`for (let i = 0; i < ${value}.length; i++) `).inlineBlock(() => {
          // A huge or sparse array must not cost unbounded time: stop once the issue list is full.
          writeIf(w, `issues !== undefined && issues.length > ${ctx.helper("MAX_ISSUES")}`, () => {
            w.writeLine(`unchecked += ${value}.length - i;`);
            w.writeLine("break;");
          });
          w.writeLine(`const item: unknown = ${value}[i];`);
          writeTypeCheck(w, type.items, "item", `${path} + "/" + i`, `${label} + "[" + i + "]"`, ctx);
        });
        w.newLine();
      });
  }
}

function writeRule(w: CodeBlockWriter, rule: Rule, locals: ReadonlyMap<string, string>, ctx: Context): void {
  const value = (name: string): string => valueOf(name, locals);
  switch (rule.kind) {
    case "required-when": {
      const args = [pointer(rule.parameter), rule.parameter, rule.when, rule.equals].map(stringLiteral);
      const condition = chain("&&", [`${value(rule.when)} === ${stringLiteral(rule.equals)}`, `${value(rule.parameter)} === undefined`]);
      return writeIf(w, condition, () => pushIssue(w, ctx.helper("issueRequiredWhen"), args));
    }
    case "requires": {
      const args = [pointer(rule.requires), rule.requires, rule.parameter].map(stringLiteral);
      const condition = chain("&&", [`${value(rule.parameter)} !== undefined`, `${value(rule.requires)} === undefined`]);
      return writeIf(w, condition, () => pushIssue(w, ctx.helper("issueRequires"), args));
    }
    case "precedence":
      return; // documentation only: both parameters stay valid together
  }
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
