// Emits src/client.ts: a tool definition per tool, and create<Server>Client with one lowerCamelCase
// method per tool plus a generic `call` and the client's `redact`. Validation, secret checks and I/O
// live in the runtime.
import type { GeneratedFile } from "../../core/files.ts";
import { clientModule } from "../../ir/generated-identifiers.ts";
import { toolNames, type ServerNames } from "../../ir/naming.ts";
import type { Tool } from "../../ir/types.ts";
import { sentence } from "../core/describe.ts";
import { propertyKey, stringLiteral } from "../core/escape.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import { internalNames, runtimeInternalModule, runtimeModule, runtimeTypeNames } from "../core/runtime-names.ts";
import { arrayLiteral, call, layout, maxLineLength, prefixed, writeLaidOut } from "../core/layout.ts";
import {
  docComment,
  exportConst,
  functionDeclaration,
  nameList,
  objectLiteral,
  printTypeScript,
  writeCode,
} from "../core/source-file.ts";

const internalImports = internalNames(clientModule.internal);
const runtimeTypes = runtimeTypeNames(clientModule.runtimeTypes);
/** Every tool definition by short name. */
const toolsName = clientModule.tools;

export const clientEmitter: Emitter = {
  id: "client",
  outputs: ["src/client.ts"],
  index: { module: "./client.js", names: "all" },
  emit: (context) => [emitClient(context)],
};

function emitClient(context: EmitContext): GeneratedFile {
  const { server, names } = context;
  const clientType = names.clientType;
  const statements: string[] = [
    nameList("import", internalImports, runtimeInternalModule),
    nameList("import type", runtimeTypes, runtimeModule),
    nameList("import", server.tools.map((t) => toolNames(names, t.name).validator).sort(), "./validators.js"),
    nameList(
      "import type",
      [...server.tools.map((t) => toolNames(names, t.name).input), "ToolInputs", "ToolName"].sort(),
      "./types.js",
    ),
    ...server.tools.map((tool) => definition(tool, names)),
    exportConst({
      doc: `Every ${server.name} tool definition, by short name.`,
      name: toolsName,
      type: "{ readonly [N in ToolName]: ToolDefinition<ToolInputs[N]> }",
      value: objectLiteral(server.tools.map((t) => [propertyKey(t.name), toolNames(names, t.name).definition])),
    }),
    clientInterface(context),
    functionDeclaration({
      exported: true,
      doc: `Creates a ${server.name} client over the given transport.`,
      name: names.clientFactory,
      parameters: ["options: ClientOptions"],
      returnType: clientType,
      body: (w) => {
        w.writeLine("const caller = createToolCaller(options);");
        w.write("return ").inlineBlock(() => {
          for (const tool of server.tools) {
            const method = `${propertyKey(tool.methodName)}: (input, callOptions) => `;
            writeLaidOut(
              w,
              prefixed(method, call("caller.call", [toolNames(names, tool.name).definition, "input", "callOptions"])),
              ",",
            );
          }
          // The runtime resolves the name: never a synchronous throw, whatever the model or caller passes.
          const byName = call("callByName", [
            "caller",
            stringLiteral(server.name),
            toolsName,
            "toolName",
            "input",
            "callOptions",
          ]);
          writeLaidOut(w, prefixed("call: (toolName, input, callOptions) => ", byName), ",");
          // The model and MCP entries show results through it (clientRedaction in the runtime).
          w.writeLine("redact: caller.redact,");
        });
        w.write(";").newLine();
      },
    }),
  ];
  return printTypeScript(server, `${packageDir(context)}/src/client.ts`, statements);
}

const redactDoc =
  "Replaces every secret and credential this client knows (its secrets, those read from the environment, " +
  "the transport's key), in any encoding, with [REDACTED]: for text shown from its results.";

/** The client interface: one method per tool, `call` and `redact`, each signature laid out within the line limit. */
function clientInterface(context: EmitContext): string {
  const { server, names } = context;
  const method = (doc: string, name: string, parameters: readonly string[]): string =>
    // Members sit one level deep.
    `${docComment(doc)}\n${layout(call(name, parameters), maxLineLength - 2, ": Promise<unknown>;").join("\n")}`;
  const members = [
    ...server.tools.map((tool) =>
      method(
        `${sentence(tool.purpose)}\n\nCalls \`${tool.fullName}\`. Rejects with ValidationError before any I/O ` +
          "when the input is invalid.",
        propertyKey(tool.methodName),
        [`input: WithObjectRequestBody<${toolNames(names, tool.name).input}>`, "options?: CallOptions"],
      ),
    ),
    method(
      "Calls a tool by short (`GetX`), full (`Server.GetX`) or model (`Server_GetX`) name.",
      "call<N extends ToolName>",
      [
        `toolName: N | \`${server.name}.\${N}\` | \`${server.name}_\${N}\``,
        "input: WithObjectRequestBody<ToolInputs[N]>",
        "options?: CallOptions",
      ],
    ),
    `${docComment(redactDoc)}\nreadonly redact: (text: string) => string;`,
  ];
  return writeCode((w) => {
    w.writeLine(
      docComment(`A ${server.name} client. Every call validates its input and checks declared secrets before any I/O.`),
    );
    w.write(`export interface ${names.clientType} `).inlineBlock(() => {
      members.forEach((member, index) => {
        if (index > 0) w.blankLine();
        w.writeLine(member);
      });
    });
  });
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
      ["secrets", arrayLiteral(tool.secrets.map(stringLiteral))],
      ["validate", names.validator],
    ]),
  });
}
