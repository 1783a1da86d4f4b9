// Emits src/validators.ts: per tool a straight-line validator (no schema interpretation at run time)
// and its boolean guard, plus `validate(toolName, input)`. Every check mirrors a keyword of the
// tool's inputSchema: the parameter list's rules are written by validator-checks.ts, each value's
// checks (and a captured body's) by the one schema writer, schema-checks.ts.
import type { GeneratedFile } from "../../core/files.ts";
import { validatorsModule } from "../../ir/generated-identifiers.ts";
import { toolNames, type ServerNames, type ToolNames } from "../../ir/naming.ts";
import type { Server, Tool } from "../../ir/types.ts";
import { identifier, stringLiteral } from "../core/escape.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import { modeValues } from "../../ir/parameter-schema.ts";
import {
  formatPredicateNames,
  internalNames,
  runtimeInternalModule,
  runtimeModule,
  runtimeTypeNames,
  type InternalName,
} from "../core/runtime-names.ts";
import { arrayLiteral, call, laidOut, prefixed, suffixed, writeIf, writeLaidOut, type Group } from "../core/layout.ts";
import { docComment, functionDeclaration, nameList, printTypeScript } from "../core/source-file.ts";
import { requestBodyChecks } from "./body-checks.ts";
import { sharedChecks, type SharedChecks } from "./shared-checks.ts";
import { notObjectInline } from "./schema-checks.ts";
import {
  parameterListNode,
  writeChecks,
  writeCopyCheck,
  type ModuleContext,
  type Outcome,
} from "./validator-checks.ts";

const validatorHelpers = internalNames(validatorsModule.helpers);
const runtimeTypes = runtimeTypeNames(validatorsModule.runtimeTypes);
const formatPredicates: readonly InternalName[] = formatPredicateNames();
const dispatcherName = validatorsModule.dispatcher;
/** Every module-scope name the module holds whatever the spec says. */
const fixedNames = [
  dispatcherName,
  ...validatorHelpers,
  ...formatPredicates,
  ...runtimeTypes,
  ...validatorsModule.globals,
];

export const validatorsEmitter: Emitter = {
  id: "validators",
  outputs: ["src/validators.ts"],
  index: { module: "./validators.js", names: "all" },
  emit: (context) => [emitValidators(context)],
};

function emitValidators(context: EmitContext): GeneratedFile {
  const { server } = context;
  const shared = sharedChecks(server.tools);
  const ctx = new Context(context.toolMode.executeValue, context.names, modeValues(context.toolMode).ignoring, shared);
  const functions = server.tools.flatMap((tool) => {
    const names = toolNames(context.names, tool.name);
    const checks = shared.get(tool.name);
    if (checks === undefined) {
      return [
        validatorFunction(tool, ctx, names),
        guardFunction(tool, ctx, names),
        ...requestBodyChecks(tool, names, ctx.use),
      ];
    }
    // The shared body comes before the first tool that calls it.
    const body =
      checks.tools[0] === tool ? [validatorFunction(tool, ctx, checks), guardFunction(tool, ctx, checks)] : [];
    return [...body, ...callingShared(tool, names, checks)];
  });
  const inputNames = server.tools.map((t) => toolNames(context.names, t.name).input);
  const statements: string[] = [
    nameList("import", [...ctx.used, ...ctx.formats].sort(), runtimeInternalModule),
    nameList("import type", runtimeTypes, runtimeModule),
    nameList("import type", [...inputNames, "ToolFullName", "ToolInputs", "ToolName"].sort(), "./types.js"),
    ...parameterListConstants(server, ctx, shared),
    ...functions,
    dispatcher(server, context.names),
  ];
  return printTypeScript(server, `${packageDir(context)}/src/validators.ts`, statements);
}

class Context implements ModuleContext {
  readonly used = new Set<InternalName>(["issueNotObject", "issueUnreadable", "issueUnknownTool"]);
  readonly formats = new Set<InternalName>();
  readonly moduleNames: ReadonlySet<string>;
  constructor(
    readonly executeValue: string,
    readonly names: ServerNames,
    readonly ignoringModes: readonly string[],
    shared: ReadonlyMap<string, SharedChecks>,
  ) {
    const own = [...names.tools.values()].flatMap((tool) => [
      tool.validator,
      tool.guard,
      tool.parameterList,
      tool.requestBodyCheck,
    ]);
    const sharedNames = [...shared.values()].flatMap((checks) => [
      checks.validator,
      checks.guard,
      checks.parameterList,
    ]);
    this.moduleNames = new Set([...fixedNames, ...own, ...sharedNames]);
  }
  readonly helper = (name: InternalName): string => {
    // The names record reserves the helpers, so spec names never derive one.
    if (!(validatorHelpers as readonly string[]).includes(name))
      throw new Error(`toolcat internal error: ${name} is not a validator helper`);
    this.used.add(name);
    return name;
  };
  format(name: InternalName): string {
    this.formats.add(name);
    return name;
  }
  readonly use = (name: InternalName): string =>
    formatPredicates.includes(name) ? this.format(name) : this.helper(name);
}

/**
 * Each tool's parameter names as a module-level constant of its own (`parametersOfGetThing`): an
 * unknown-parameter issue gets the same array on every call, so the runtime joins it into a message
 * once, and a bundler keeps only the lists of the validators a consumer imports.
 */
function parameterListConstants(server: Server, ctx: Context, shared: ReadonlyMap<string, SharedChecks>): string[] {
  const constants = server.tools.flatMap((tool) => {
    if (tool.parameters.kind !== "known") return [];
    const checks = shared.get(tool.name);
    if (checks !== undefined && checks.tools[0] !== tool) return [];
    const names = arrayLiteral(tool.parameters.list.map((p) => stringLiteral(p.name)));
    return [
      laidOut(
        prefixed(`const ${checks?.parameterList ?? toolNames(ctx.names, tool.name).parameterList} = `, names),
        " as const;",
      ),
    ];
  });
  return constants.length === 0
    ? []
    : [["// Each tool's parameter names, for unknown-parameter issues.", ...constants].join("\n")];
}

/**
 * The names a validator and guard pair is written under: a tool's own (exported), or a body that
 * the `tools` listed share (private, typed by the first tool's input, which theirs equal).
 */
type PairNames = Pick<SharedChecks, "validator" | "guard" | "parameterList"> & { readonly tools?: readonly Tool[] };

/** The doc of a shared body: which parameters, and how many tools call it. */
function sharedDoc(pair: PairNames, kind: string): string | undefined {
  const [first] = pair.tools ?? [];
  if (first?.parameters.kind !== "known") return undefined;
  const list = first.parameters.list.map((p) => `\`${p.name}\``).join(", ");
  const parameters = list === "" ? "no parameters" : `the same parameters (${list}) with the same rules`;
  return (
    `${kind} of the ${pair.tools?.length} tools that take ${parameters}; each tool's own function calls this. ` +
    "Never throws."
  );
}

function validatorFunction(tool: Tool, ctx: Context, pair: PairNames): string {
  const names = toolNames(ctx.names, tool.name);
  // An array's items are checked until the list is full; the rest are counted.
  const properties = parameterListNode(tool, ctx).properties ?? [];
  const hasArray = properties.some(({ value }) => typeof value !== "boolean" && value.items !== undefined);
  const issues = `${ctx.helper("capIssues")}(issues${hasArray ? ", unchecked" : ""})`;
  const outcome: Outcome = {
    self: pair.validator,
    collects: true,
    fail: (w, helper, args) =>
      writeLaidOut(w, prefixed(`issues = ${ctx.helper("addIssue")}(issues, `, suffixed(call(helper, args), ")")), ";"),
    finish: (w, value) => {
      writeLaidOut(w, prefixed("if (issues === undefined) return ", valid(value, names.input)), ";");
      w.writeLine(`return { ok: false, issues: ${issues} };`);
    },
  };
  return functionDeclaration({
    exported: pair.tools === undefined,
    doc:
      sharedDoc(pair, "The checks, reporting every problem,") ??
      `Checks an input for \`${tool.fullName}\`, reporting every problem. Never throws.`,
    name: pair.validator,
    parameters: ["input: unknown"],
    returnType: `ValidationResult<${names.input}>`,
    body: (w) => {
      w.write("try ").inlineBlock(() => {
        writeIf(w, notObjectInline("input"), () =>
          w.writeLine("return { ok: false, issues: [issueNotObject(input)] };"),
        );
        if (tool.parameters.kind === "not-shown") {
          // The document does not show this tool's parameters: any object is accepted.
          writeLaidOut(w, prefixed("return ", valid("input", names.input)), ";");
          return;
        }
        w.writeLine("let issues: ValidationIssue[] | undefined;");
        if (hasArray) w.writeLine("let unchecked = 0;");
        writeChecks(w, { ...tool, parameters: tool.parameters }, ctx, outcome, pair.parameterList);
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
function guardFunction(tool: Tool, ctx: Context, pair: PairNames): string {
  const names = toolNames(ctx.names, tool.name);
  const outcome: Outcome = {
    self: pair.guard,
    collects: false,
    // A present value that fails counts if the walk over the keys would count its key (an own key,
    // what JSON sends); one read from elsewhere (a proxy's default, an inherited or non-enumerable
    // property) sends the guard to the copy, as the validator's count does. The search is written
    // into each guard rather than called: its `for...in` then sees one tool's shapes, not every
    // tool's (about 5% of an invalid call).
    fail: (w, _helper, _args, subject) => {
      if (subject === undefined) return w.writeLine("return false;");
      const own = `key === ${stringLiteral(subject)} && ${ctx.helper("isOwnKey")}(input, key)`;
      w.write("for (const key in input) ").inlineBlock(() => writeIf(w, own, () => w.writeLine("return false;")));
      w.newLine();
      writeCopyCheck(w, ctx, pair.guard);
    },
    finish: (w) => w.writeLine("return true;"),
  };
  return functionDeclaration({
    exported: pair.tools === undefined,
    doc:
      sharedDoc(pair, "The verdict, without issues,") ??
      `Whether an input for \`${tool.fullName}\` is valid: what \`${names.validator}\` says, without issues. ` +
        "Never throws.",
    name: pair.guard,
    parameters: ["input: unknown"],
    returnType: `input is ${names.input}`,
    body: (w) => {
      w.write("try ").inlineBlock(() => {
        if (tool.parameters.kind === "not-shown") return w.writeLine(`return ${ctx.helper("isObject")}(input);`);
        writeIf(w, notObjectInline("input"), () => w.writeLine("return false;"));
        writeChecks(w, { ...tool, parameters: tool.parameters }, ctx, outcome, pair.parameterList);
      });
      // Only a hostile input (a throwing getter or proxy) gets here; the validator calls it unreadable.
      w.write(" catch ").inlineBlock(() => w.writeLine("return false;"));
    },
  });
}

/**
 * A tool's exported validator and guard when its checks are a shared body's: the shared functions
 * themselves, typed by this tool's input (which has the same parameters as the body's first tool),
 * so a call costs no extra step.
 */
function callingShared(tool: Tool, names: ToolNames, checks: SharedChecks): string[] {
  const alias = (doc: string, name: string, returns: string, value: string): string =>
    `${docComment(doc)}\n` +
    laidOut(call(`export const ${identifier(name)}: `, ["input: unknown"]), ` => ${returns} = ${value};`);
  return [
    alias(
      `Checks an input for \`${tool.fullName}\`, reporting every problem. Never throws.`,
      names.validator,
      `ValidationResult<${names.input}>`,
      checks.validator,
    ),
    alias(
      `Whether an input for \`${tool.fullName}\` is valid: what \`${names.validator}\` says, without issues. ` +
        "Never throws.",
      names.guard,
      `input is ${names.input}`,
      checks.guard,
    ),
  ];
}

/** `{ ok: true, value: <value> as unknown as <type> }`. */
function valid(value: string, type: string): Group {
  return {
    open: "{",
    items: ["ok: true", `value: ${value} as unknown as ${type}`],
    close: "}",
    separator: ",",
    trailing: true,
    padded: true,
  };
}

function dispatcher(server: Server, names: ServerNames): string {
  return functionDeclaration({
    exported: true,
    doc:
      `Validates the input of any ${server.name} tool, named by short (\`GetX\`), full (\`${server.name}.GetX\`) ` +
      `or model (\`${server.name}_GetX\`) name. An unknown name gives an \`unknown_tool\` issue. Never throws.`,
    name: dispatcherName,
    typeParameters: "<N extends ToolName>",
    parameters: [
      `toolName: N | \`${server.name}.\${N}\` | \`${server.name}_\${N}\` | ToolFullName | (string & {})`,
      "input: unknown",
    ],
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
        w.indent(() =>
          writeLaidOut(w, prefixed("return { ok: false, issues: ", suffixed(arrayLiteral([unknown]), " }")), ";"),
        );
      });
      w.newLine();
    },
  });
}
