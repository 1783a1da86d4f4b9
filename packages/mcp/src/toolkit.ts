// What @toolcat/mcp serves: the module a generated server package exports, loaded by name or given
// as a value. Server packages never depend on the MCP SDK; this file only reads their exports.
import { createRequire } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { CallOptions, ClientOptions, Manifest, Redact } from "@toolcat/runtime";

/** A generated server package's module: its `manifest` and `create<Server>Client`, among other exports. */
export interface Toolkit {
  readonly manifest: Manifest;
  readonly [exported: string]: unknown;
}

/** What the server calls tools through: a generated client, or anything that routes full names. */
export interface ToolClient {
  call(toolName: string, input: unknown, options?: CallOptions): Promise<unknown>;
  /** Every secret the client knows replaced by [REDACTED]: a generated client has it from its creation. */
  readonly redact?: Redact;
}

/** The package's own client over the given transport, so calls validate and check secrets as usual. */
export function createToolkitClient(toolkit: Toolkit, options: ClientOptions): ToolClient {
  const factoryName = `create${toolkit.manifest.server.name}Client`;
  const factory = toolkit[factoryName];
  if (typeof factory !== "function") {
    throw new TypeError(`${toolkit.manifest.package} does not export ${factoryName}; is it a toolcat server package?`);
  }
  return (factory as (options: ClientOptions) => ToolClient)(options);
}

/** Checks that a loaded module looks like a toolcat server package. */
export function asToolkit(module: unknown, specifier: string): Toolkit {
  const manifest =
    typeof module === "object" && module !== null ? (module as { manifest?: unknown }).manifest : undefined;
  const tools = typeof manifest === "object" && manifest !== null ? (manifest as { tools?: unknown }).tools : undefined;
  if (!Array.isArray(tools)) {
    throw new TypeError(
      `${specifier} exports no toolcat manifest (expected a \`manifest\` with \`tools\`); is it a toolcat server ` +
        "package?",
    );
  }
  return module as Toolkit;
}

/**
 * Imports a server package by name, or a module by path. Names resolve from the working directory
 * first (the user's project), then from this package (packages installed next to it, as by `npx -p`).
 */
export async function loadToolkit(specifier: string, cwd: string = process.cwd()): Promise<Toolkit> {
  let module: unknown;
  try {
    module = await import(resolveSpecifier(specifier, cwd));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `could not load ${specifier}: ${reason}. Install it in the working directory's project, run through ` +
        `\`npx -p @toolcat/mcp -p ${specifier} toolcat-mcp ${specifier}\`, or give a path starting with ./ or /`,
      { cause: error },
    );
  }
  return asToolkit(module, specifier);
}

function resolveSpecifier(specifier: string, cwd: string): string {
  if (specifier.startsWith(".") || isAbsolute(specifier)) return pathToFileURL(resolve(cwd, specifier)).href;
  try {
    return pathToFileURL(createRequire(join(cwd, "package.json")).resolve(specifier)).href;
  } catch {
    return specifier;
  }
}
