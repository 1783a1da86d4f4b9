// Emits src/client.ts: a tool definition per tool, and create<Server>Client with one lowerCamelCase
// method per tool plus a generic `call`. Validation, secret checks and I/O live in the runtime.
import { StructureKind, type StatementStructures } from "ts-morph";
import type { GeneratedFile } from "../core/files.ts";
import { toolNames, type ServerNames } from "../ir/naming.ts";
import type { Tool } from "../ir/types.ts";
import { sentence } from "./describe.ts";
import { docText, jsonLiteral, propertyKey, stringLiteral } from "./escape.ts";
import { packageDir, type EmitContext, type Emitter } from "./emitter.ts";
import { internalNames, runtimeInternalModule, runtimeModule } from "./runtime-names.ts";
import { exportConst, nameList, objectLiteral, printTypeScript } from "./source-file.ts";

export const clientEmitter: Emitter = {
  id: "client",
  outputs: ["src/client.ts"],
  index: { module: "./client.js", names: "all" },
  emit: (context) => [emitClient(context)],
};

function emitClient(context: EmitContext): GeneratedFile {
  const { server, names } = context;
  const clientType = names.clientType;
  const statements: (string | StatementStructures)[] = [
    nameList("import", internalNames(["callByName", "createToolCaller"]), runtimeInternalModule),
    nameList("import type", ["CallOptions", "ClientOptions", "ToolDefinition", "WithObjectRequestBody"], runtimeModule),
    nameList("import", server.tools.map((t) => toolNames(names, t.name).validator).sort(), "./validators.js"),
    nameList("import type", [...server.tools.map((t) => toolNames(names, t.name).input), "ToolInputs", "ToolName"].sort(), "./types.js"),
    ...server.tools.map((tool) => definition(tool, names)),
    exportConst({
      doc: `Every ${server.name} tool definition, by short name.`,
      name: "tools",
      type: "{ readonly [N in ToolName]: ToolDefinition<ToolInputs[N]> }",
      value: objectLiteral(server.tools.map((t) => [propertyKey(t.name), toolNames(names, t.name).definition])),
    }),
    {
      kind: StructureKind.Interface,
      isExported: true,
      docs: [docText(`A ${server.name} client. Every call validates its input and checks declared secrets before any I/O.`)],
      name: clientType,
      methods: [
        ...server.tools.map((tool) => ({
          name: tool.methodName,
          docs: [docText(`${sentence(tool.purpose)}\n\nCalls \`${tool.fullName}\`. Rejects with ValidationError before any I/O when the input is invalid.`)],
          parameters: [
            { name: "input", type: `WithObjectRequestBody<${toolNames(names, tool.name).input}>` },
            { name: "options", type: "CallOptions", hasQuestionToken: true },
          ],
          returnType: "Promise<unknown>",
        })),
        {
          name: "call",
          docs: [docText("Calls a tool by short (`GetX`), full (`Server.GetX`) or model (`Server_GetX`) name.")],
          typeParameters: [{ name: "N", constraint: "ToolName" }],
          parameters: [
            { name: "toolName", type: `N | \`${server.name}.\${N}\` | \`${server.name}_\${N}\`` },
            { name: "input", type: "WithObjectRequestBody<ToolInputs[N]>" },
            { name: "options", type: "CallOptions", hasQuestionToken: true },
          ],
          returnType: "Promise<unknown>",
        },
      ],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      docs: [docText(`Creates a ${server.name} client over the given transport.`)],
      name: names.clientFactory,
      parameters: [{ name: "options", type: "ClientOptions" }],
      returnType: clientType,
      statements: (w) => {
        w.writeLine("const caller = createToolCaller(options);");
        w.write("return ").inlineBlock(() => {
          for (const tool of server.tools) {
            w.writeLine(`${propertyKey(tool.methodName)}: (input, callOptions) => caller.call(${toolNames(names, tool.name).definition}, input, callOptions),`);
          }
          // The runtime resolves the name: never a synchronous throw, whatever the model or caller passes.
          w.writeLine(`call: (toolName, input, callOptions) => callByName(caller, ${stringLiteral(server.name)}, tools, toolName, input, callOptions),`);
        });
        w.write(";").newLine();
      },
    },
  ];
  return printTypeScript(server, `${packageDir(context)}/src/client.ts`, statements);
}

function definition(tool: Tool, serverNames: ServerNames): string {
  const names = toolNames(serverNames, tool.name);
  return exportConst({
    doc: `Definition of \`${tool.fullName}\`: ${tool.purpose}`,
    name: names.definition,
    type: `ToolDefinition<${names.input}>`,
    value: objectLiteral([
      ["name", stringLiteral(tool.name)],
      ["fullName", stringLiteral(tool.fullName)],
      ["secrets", jsonLiteral(tool.secrets)],
      ["validate", names.validator],
    ]),
  });
}
