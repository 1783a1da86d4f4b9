// Code mode: the server lists search_tools and describe_tools (discovery.ts), which name tools as the
// functions a program calls and describe them by their TypeScript declarations, and execute_code,
// which type-checks and runs one program with @toolcat/code, so a multi-step task takes one call.
// The program reaches only the served tools, through the server's client (code-packages.ts).
// @toolcat/code (TypeScript, QuickJS) is an optional peer: only its types are imported here; the
// module itself is handed in (CodeModule), so tools and search mode never load or need it.
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import type { CodeLimits, RunCodeResult } from "@toolcat/code";
import type { ClientOptions } from "@toolcat/runtime";
import type { CodeModule } from "./code-module.js";
import { codeCaller, codeView, type CodeFunction } from "./code-packages.js";
import { discovery, type SearchScope } from "./discovery.js";
import { invalidArguments, successResult } from "./results.js";
import type { Routes, ServedTool } from "./served.js";
import { codeArguments } from "./tool-arguments.js";
import type { Toolkit } from "./toolkit.js";

export interface CodeRun {
  /** The server's client options; undefined when it was given a client of its own. */
  readonly clientOptions: ClientOptions | undefined;
  /** Overrides of @toolcat/code's defaultLimits. */
  readonly limits: Partial<CodeLimits> | undefined;
}

export function codeMode(
  code: CodeModule,
  toolkits: readonly Toolkit[],
  served: readonly ServedTool[],
  scope: SearchScope,
  run: CodeRun,
): Routes {
  const resolved = code.resolveLimits(run.limits);
  if (!resolved.ok) throw new Error(`code mode: ${resolved.message}`);
  const limits = resolved.limits;
  const view = codeView(code, toolkits, served);
  const functionOf = (entry: ServedTool): CodeFunction => view.functions.get(entry.tool.fullName)!;
  const caller = codeCaller(run.clientOptions);

  const found = discovery(
    toolkits,
    served,
    scope,
    {
      nameOf: (entry) => functionOf(entry).path,
      describe: (entries) => describe(code, entries.map(functionOf)),
      next:
        "Returns functions (Namespace.function); then call describe_tools for their TypeScript declarations, and " +
        "execute_code to run a program that calls them.",
      describes:
        "Gives the TypeScript declarations (doc comments, input types) of functions found by search_tools, by " +
        "name: what an execute_code program is type-checked against.",
    },
    "code",
  );

  const namespaces = view.packages.map((pkg) => pkg.codeApi.namespace).join(", ");
  const executeCode: Tool = {
    name: "execute_code",
    title: "Execute code",
    description: [
      "Runs a TypeScript program that calls the tools, and returns { ok, value, logs, calls }. Do a multi-step " +
        "task in one program: chain calls, loop, filter and combine results in code.",
      "The program is the body of an async function: await the functions describe_tools declares (namespaces " +
        `${namespaces}; such as await ${exampleCall(view.functions)}), return the result (JSON), console.log to ` +
        "report.",
      "A program that does not type-check does not run: each error comes back as line:col, TypeScript's full " +
        "message (for a tool call's input, the tool and parameter by name) and the source line with a caret. A " +
        "failed call throws a ToolError (message, tool, code, issues with JSON pointers) the program may catch.",
      `No network, files, timers or modules. Limits: ${limits.toolCalls} tool calls, ${limits.wallMs / 1000} s, ` +
        `${limits.sourceBytes} bytes of code.`,
    ].join(" "),
    inputSchema: {
      type: "object",
      properties: { code: { type: "string", description: "The program: TypeScript, the body of an async function." } },
      required: ["code"],
      additionalProperties: false,
    },
  };

  const handlers = {
    ...found.handlers,
    execute_code: async (args: unknown, signal: AbortSignal): Promise<CallToolResult> => {
      const checked = codeArguments(args, limits.sourceBytes);
      if (!checked.ok) return invalidArguments(checked.message);
      const result = await code.runCode(checked.value, { packages: view.packages, caller, limits, signal });
      return result.ok ? successResult(result) : failed(result);
    },
  };
  // An empty program takes the path every program takes: the checker for these declarations is built, a sandbox
  // started.
  let warming: Promise<void> | undefined;
  const warm = (): Promise<void> =>
    (warming ??= code.runCode("return null;", { packages: view.packages, caller, limits }).then((result) => {
      if (!result.ok)
        throw new Error(`code mode could not warm up: ${result.error?.message ?? "the empty program failed"}`);
    }));
  return { listing: [...found.listing, executeCode], handlers: new Map(Object.entries(handlers)), warm };
}

/** The declarations of the named functions, grouped in their namespaces, as text and per function. */
function describe(code: CodeModule, functions: readonly CodeFunction[]): CallToolResult {
  const namespaces = [...new Set(functions.map((fn) => fn.namespace))];
  const text = namespaces
    .map((namespace) =>
      code.declareNamespace(
        namespace,
        functions.filter((fn) => fn.namespace === namespace).map((fn) => fn.declaration),
      ),
    )
    .join("\n");
  const tools = functions.map((fn) => ({ name: fn.path, declaration: fn.declaration }));
  return { content: [{ type: "text", text }], structuredContent: { tools } };
}

/** A program that did not finish: why (type errors as line:col message), what it logged and which calls ran. */
function failed(result: RunCodeResult): CallToolResult {
  const error = result.error!;
  const lines = [error.kind === "runtime" ? `the program threw: ${error.message}` : error.message];
  if (result.calls.length > 0)
    lines.push(
      "calls made before it stopped: " +
        `${result.calls.map((call) => `${call.name} (${call.ok ? "ok" : "failed"})`).join(", ")}`,
    );
  if (result.logs.length > 0) lines.push(`logs:\n${result.logs.join("\n")}`);
  return { isError: true, content: [{ type: "text", text: lines.join("\n") }], structuredContent: { ...result } };
}

/** `CloudSheets.getSpreadsheet({ … })`: the first served function, as the description's example. */
function exampleCall(functions: ReadonlyMap<string, CodeFunction>): string {
  const first = functions.values().next().value;
  return first === undefined ? "" : `${first.path}({ … })`;
}
