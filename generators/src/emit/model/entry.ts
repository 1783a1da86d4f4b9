// Emits src/model.ts: what a model integration needs from the package. Every tool validator as a
// Standard Schema (with Standard JSON Schema targets), typed guards for the three name forms, and
// callTool, which takes a tool call as a model produced it and returns a result to send back.
import type { FunctionDeclarationStructure, StatementStructures } from "ts-morph";
import type { GeneratedFile } from "../../core/files.ts";
import { modelModule } from "../../ir/generated-identifiers.ts";
import { toolNames } from "../../ir/naming.ts";
import { stringLiteral } from "../core/escape.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import {
  internalNames,
  runtimeInternalModule,
  runtimeModule,
  runtimeNames,
  runtimeTypeNames,
} from "../core/runtime-names.ts";
import { call, pure, suffixed } from "../core/layout.ts";
import { exportConst, exportType, functionDeclaration, jsDoc, nameList, printTypeScript } from "../core/source-file.ts";
import { tsMorph } from "../core/ts-morph.ts";

const reexportedTypes = runtimeTypeNames(modelModule.reexportedTypes);
const runtimeTypes = runtimeTypeNames(modelModule.runtimeTypes);
const internalImports = internalNames(modelModule.internal);
/** The module's own names: its exports, and the local name of the runtime's callTool and of the guards' helper. */
const { own, callModelTool, strictNulls, hasPrefixedName } = modelModule;

export const modelEntryEmitter: Emitter = {
  id: "model-entry",
  outputs: ["src/model.ts"],
  index: { module: "./model.js", names: "all" },
  emit: (context) => [emitModelEntry(context)],
};

function emitModelEntry(context: EmitContext): GeneratedFile {
  const { server, names } = context;
  const schemasType = "{ readonly [N in ToolName]: ToolStandardSchema<ToolInputs[N]> }";
  const statements: (string | StatementStructures)[] = [
    // The package's own callTool binds the runtime's to its tools.
    nameList("import", [`${runtimeNames(["callTool"]).join("")} as ${callModelTool}`], runtimeModule),
    nameList("import type", runtimeTypes, runtimeModule),
    nameList("import", internalImports, runtimeInternalModule),
    nameList("import", ["tools"], "./client.js"),
    nameList("import", ["manifest"], "./manifest.js"),
    nameList("import type", ["ToolFullName", "ToolInputs", "ToolName"], "./types.js"),
    nameList("export type", reexportedTypes, runtimeModule),
    exportType(
      `Provider-safe names (\`${server.name}_<Tool>\`) of the ${server.name} tools, as models see them.`,
      own.toolModelName,
      server.tools.map((t) => stringLiteral(toolNames(names, t.name).modelName)),
    ),
    exportConst({
      doc: [
        "Every tool validator as a Standard Schema v1 object, by short name: `~standard.validate` never throws,",
        "and `~standard.jsonSchema.input({ target })` gives the input schema for draft-2020-12, draft-07 or " +
          "openapi-3.0.",
      ].join("\n"),
      name: own.toolSchemas,
      type: schemasType,
      // Each reads its tool's inputSchema from the manifest when a JSON Schema is first asked for.
      value: pure(suffixed(call("manifestToolSchemas", ["manifest", "tools"]), ` as ${schemasType}`)),
    }),
    // The pointers OpenAI strict forms make nullable, by tool: handleToolCall drops nulls there. Read
    // from the manifest on the first call, so importing the package leaves the manifest's tools unparsed.
    `let ${strictNulls}: { readonly [name: string]: readonly string[] } | undefined;`,
    ...server.tools.map((tool) =>
      exportConst({
        doc: `\`${tool.fullName}\` as a Standard Schema.`,
        name: toolNames(names, tool.name).schema,
        value: pure(`toolSchemas[${stringLiteral(tool.name)}]`),
      }),
    ),
    {
      kind: tsMorph().StructureKind.Function,
      isExported: true,
      docs: [
        jsDoc(
          "One tool's Standard Schema by name; over a union of names, one schema whose input is the union of theirs.",
        ),
      ],
      name: own.schemaOf,
      typeParameters: [{ name: "N", constraint: "ToolName" }],
      parameters: [{ name: "name", type: "N" }],
      returnType: "ToolStandardSchema<ToolInputs[N]>",
      statements: ["return toolSchemas[name];"],
    },
    guard(
      own.isToolName,
      "ToolName",
      `a short ${server.name} tool name (\`GetX\`)`,
      'typeof value === "string" && Object.hasOwn(tools, value)',
    ),
    guard(
      own.isToolFullName,
      "ToolFullName",
      `a full ${server.name} tool name`,
      `${hasPrefixedName}(value, ${stringLiteral(`${server.name}.`)})`,
    ),
    guard(
      own.isToolModelName,
      own.toolModelName,
      `a ${server.name} tool's model name`,
      `${hasPrefixedName}(value, ${stringLiteral(`${server.name}_`)})`,
    ),
    {
      kind: tsMorph().StructureKind.Function,
      name: hasPrefixedName,
      parameters: [
        { name: "value", type: "unknown" },
        { name: "prefix", type: "string" },
      ],
      returnType: "boolean",
      statements: [
        'return typeof value === "string" && value.startsWith(prefix) && isToolName(value.slice(prefix.length));',
      ],
    },
    functionDeclaration({
      exported: true,
      doc: [
        `Calls the ${server.name} tool a model asked for and returns the result to send back to it.`,
        "",
        `\`name\` may be the model name (\`${server.name}_<Tool>\`), the full or the short name; \`args\` is what the`,
        "model produced: an object or JSON text, without the nulls OpenAI strict mode sends for left-out",
        "parameters; the package validator checks it whatever the provider form enforced. Never rejects:",
        "invalid arguments, missing secrets, authorization URLs and tool failures become results with `isError`.",
        "Calls go through `via`: a client, or the options to create one.",
      ].join("\n"),
      name: own.handleToolCall,
      parameters: ["via: ModelCallTarget", "name: string", "args: unknown", "options?: CallOptions"],
      returnType: "Promise<ModelToolResult>",
      body: (w) => {
        w.writeLine(
          `${strictNulls} ??= Object.fromEntries(` +
            "manifest.tools.map((tool) => [tool.name, tool.lowering.strictNulls]));",
        );
        w.writeLine(
          `return ${callModelTool}(modelCaller(via), { server: ${stringLiteral(server.name)}, tools, ` +
            `${strictNulls} }, name, args, options);`,
        );
      },
    }),
  ];
  return printTypeScript(server, `${packageDir(context)}/src/model.ts`, statements);
}

function guard(name: string, type: string, what: string, test: string): FunctionDeclarationStructure {
  return {
    kind: tsMorph().StructureKind.Function,
    isExported: true,
    docs: [jsDoc(`Whether \`value\` is ${what}.`)],
    name,
    parameters: [{ name: "value", type: "unknown" }],
    returnType: `value is ${type}`,
    statements: [`return ${test};`],
  };
}
