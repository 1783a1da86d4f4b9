// The packages a program runs against in code mode: each served package narrowed to the functions of
// its served tools, calling through the server's own client. A program so reaches exactly the tools
// tools/call would (the filters hold), each call is validated and authorized on the host, and what
// the program sees of an answer or a failure is what tools/call would show, redacted by that client.
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { CodeApi, CodePackage } from "@toolcat/code";
import type { ClientOptions } from "@toolcat/runtime";
import { cleanJson } from "@toolcat/runtime/internal";
import type { CodeModule } from "./code-module.js";
import { errorResult, successResult } from "./results.js";
import { callClient, type ServedTool } from "./served.js";
import type { ToolClient, Toolkit } from "./toolkit.js";

/** One served tool as a program calls it. */
export interface CodeFunction {
  readonly namespace: string;
  /** `CloudSheets.getSpreadsheet`: what the program writes. */
  readonly path: string;
  /** Its declaration in the package's code/api.d.ts, doc comment included. */
  readonly declaration: string;
}

export interface CodeView {
  /** The packages to hand runCode; a package none of whose tools is served is left out. */
  readonly packages: readonly CodePackage[];
  /** Each served tool's function, by full tool name. */
  readonly functions: ReadonlyMap<string, CodeFunction>;
}

export function codeView(code: CodeModule, toolkits: readonly Toolkit[], served: readonly ServedTool[]): CodeView {
  const packages: CodePackage[] = [];
  const functions = new Map<string, CodeFunction>();
  for (const toolkit of toolkits) {
    const api = codeApiOf(toolkit);
    const entries = served.filter((entry) => toolkit.manifest.tools.includes(entry.tool));
    const first = entries[0];
    if (first === undefined) continue;
    const declarations = code.functionDeclarations(api);
    const kept = Object.entries(api.functions).filter(([, tool]) =>
      entries.some((entry) => entry.tool.fullName === tool),
    );
    const undeclared = entries.find((entry) => !kept.some(([, tool]) => tool === entry.tool.fullName));
    if (undeclared !== undefined)
      throw new Error(
        `${toolkit.manifest.package} declares no code-mode function for ${undeclared.tool.fullName}; update it to ` +
          "serve it with --mode code",
      );
    for (const [name, tool] of kept) {
      functions.set(tool, {
        namespace: api.namespace,
        path: `${api.namespace}.${name}`,
        declaration: declarations.get(name) ?? "",
      });
    }
    // Every entry of a package shares its client (served.ts makes one per package, or uses yours).
    const client = programClient(first.client);
    packages.push({
      manifest: toolkit.manifest,
      codeApi: code.narrowCodeApi(
        api,
        kept.map(([name]) => name),
      ),
      [`create${toolkit.manifest.server.name}Client`]: () => client,
    });
  }
  return { packages, functions };
}

/**
 * The `caller` runCode takes. It would build each package's client from it, but the packages above
 * hand back the server's client instead; what runCode still reads are the secret values to redact.
 * A server given a client of its own has no options, so none.
 */
export function codeCaller(options: ClientOptions | undefined): ClientOptions {
  return (
    options ?? {
      env: false,
      transport: {
        executesRemotely: true,
        execute: () => Promise.reject(new Error("calls go through the server's client")),
      },
    }
  );
}

/** A package generated before code mode has no declarations: say so at start rather than on the first program. */
function codeApiOf(toolkit: Toolkit): CodeApi {
  const api = toolkit["codeApi"] as CodeApi | undefined;
  if (api === undefined)
    throw new Error(
      `${toolkit.manifest.package} has no code-mode declarations (codeApi); update it to serve it with --mode code`,
    );
  return api;
}

/** The server's client as a program's calls reach it: answers as JSON, redacted; failures as tools/call words them. */
function programClient(client: ToolClient): ToolClient {
  return {
    async call(fullName, input, options = {}) {
      const outcome = await callClient(client, fullName, input, options);
      if (outcome.ok) {
        const json = cleanJson(outcome.value, outcome.clean);
        if (json.ok) return json.value;
      }
      // The message and facts (code, issues with JSON pointers) become the program's ToolError.
      throw failure(
        outcome.ok ? successResult(outcome.value, outcome.clean) : errorResult(fullName, outcome.error, outcome.clean),
      );
    },
  };
}

function failure(result: CallToolResult): Error {
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  const facts = (result.structuredContent as { error?: Record<string, unknown> } | undefined)?.error ?? {};
  return Object.assign(new Error(text), facts);
}
