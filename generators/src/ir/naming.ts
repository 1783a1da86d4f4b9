// Identifier rules and every derived name, in one place: spec names are checked here, and the
// generated TypeScript names (methods, types, validators) are derived and de-clashed here.
import { modelNameProblems, modelToolName } from "./model-names.ts";

const patterns = {
  pascal: /^[A-Z][A-Za-z0-9]*$/,
  snake: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/,
  upperSnake: /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/,
  kebab: /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,
} as const;

export type IdentifierStyle = keyof typeof patterns;

const styleNames: Record<IdentifierStyle, string> = {
  pascal: "PascalCase (like GetSpreadsheet)",
  snake: "snake_case (like max_rows)",
  upperSnake: "UPPER_SNAKE_CASE (like RECRUIT_API_KEY)",
  kebab: "kebab-case (like cloud-sheets)",
};

export function isIdentifier(name: string, style: IdentifierStyle): boolean {
  return patterns[style].test(name);
}

export function describeStyle(style: IdentifierStyle): string {
  return styleNames[style];
}

/** CloudSheets → cloud-sheets; GetOpenAPISpecification → get-open-api-specification. */
export function kebabCase(pascal: string): string {
  return pascal
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .toLowerCase();
}

/** GetSpreadsheet → getSpreadsheet; WhoAmI → whoAmI. */
export function lowerCamel(pascal: string): string {
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

export const packageScope = "@toolcat";

export function packageNameFor(slug: string): string {
  return `${packageScope}/${slug}`;
}

/** Client members that tool methods must not shadow. */
const reservedMethods = new Set(["call", "tools", "constructor", "toString", "valueOf", "hasOwnProperty", "then"]);

/**
 * Client method names for a server's tools: lowerCamelCase, with a `Tool` suffix where the plain
 * name would shadow a client member. Returns undefined for a tool whose name still clashes.
 */
export function methodNames(toolNames: readonly string[]): { names: Map<string, string>; clashes: [string, string][] } {
  const names = new Map<string, string>();
  const owners = new Map<string, string>();
  const clashes: [string, string][] = [];
  for (const tool of toolNames) {
    let method = lowerCamel(tool);
    if (reservedMethods.has(method)) method = `${method}Tool`;
    const owner = owners.get(method);
    if (owner !== undefined) clashes.push([owner, tool]);
    owners.set(method, tool);
    names.set(tool, method);
  }
  return { names, clashes };
}

/** Names of the per-tool exports of a generated package. */
export function toolExportNames(tool: string): {
  input: string;
  parameters: string;
  validator: string;
  definition: string;
  schema: string;
  requestBody: string;
  requestBodyComponents: string;
} {
  const camel = lowerCamel(tool);
  return {
    input: `${tool}Input`,
    parameters: `${tool}Parameters`,
    validator: `validate${tool}`,
    definition: `${camel}Tool`,
    schema: `${camel}Schema`,
    // Exported only when a request body schema was captured for the tool.
    requestBody: `${tool}RequestBody`,
    requestBodyComponents: `${tool}RequestBodyComponents`,
  };
}

/** createCloudSheetsClient. */
export function clientFactoryName(server: string): string {
  return `create${server}Client`;
}

/** Runtime types src/model.ts re-exports, so users never import @toolcat/runtime for them. */
export const modelEntryRuntimeTypes = ["Manifest", "ManifestTool", "ModelToolResult", "ToolStandardSchema"] as const;

/** What src/model.ts exports besides the per-tool schemas: the model call entry, guards and re-exported types. */
const modelEntryExportNames = ["ToolModelName", "toolSchemas", "schemaOf", "isToolName", "isToolFullName", "isToolModelName", "handleToolCall", ...modelEntryRuntimeTypes];

/** The code-mode record of a package (its declarations file and each namespace function's tool), read by @toolcat/code. */
export const codeApiExportName = "codeApi";

/** Names the package exports whatever its tools are; `ToolMode` is the catalog's mode name. */
export function fixedExportNames(server: string, toolModeName: string): readonly string[] {
  return [
    ...[toolModeName, "ToolName", "ToolFullName", "ToolInputs", "validate", "manifest", "tools", clientFactoryName(server), `${server}Client`, codeApiExportName],
    ...modelEntryExportNames,
  ];
}

/** Every generated name of one tool. */
export interface ToolNames {
  readonly tool: string;
  readonly input: string;
  readonly parameters: string;
  readonly validator: string;
  readonly definition: string;
  /** The tool's Standard Schema object (`createSpreadsheetSchema`). */
  readonly schema: string;
  /** The captured request body's type and its `components.schemas` type. */
  readonly requestBody: string;
  readonly requestBodyComponents: string;
  /** The validators module's private check of a captured request body. */
  readonly requestBodyCheck: string;
  readonly method: string;
  /**
   * Model-facing tool name (`CloudSheets_GetSpreadsheet`): provider-safe (`[A-Za-z0-9_]`, at most
   * 64 characters) and reversible, since PascalCase server names have no underscore.
   */
  readonly modelName: string;
}

/** Longest tool name the model providers accept. */

/** Every name a server's generated package uses, built once; emitters read names only from here. */
export interface ServerNames {
  readonly server: string;
  readonly clientFactory: string;
  readonly clientType: string;
  readonly tools: ReadonlyMap<string, ToolNames>;
  /** Every export of the package, in a stable order. */
  readonly exports: readonly string[];
}

export interface NameClash {
  /** The tool whose derived name clashes. */
  readonly tool: string;
  readonly message: string;
  readonly hint: string;
}

/** Builds the names record and lists every clash (method names and package exports). */
export function serverNames(server: string, toolModeName: string, toolNames: readonly string[]): { names: ServerNames; clashes: NameClash[] } {
  const { names: methods, clashes: methodClashes } = methodNames(toolNames);
  const clashes: NameClash[] = methodClashes.map(([first, second]) => ({
    tool: second,
    message: `tool ${second} would get the same client method name as ${first}`,
    hint: "Tool names must differ by more than the case of their first letter.",
  }));
  const owners = new Map<string, string>(fixedExportNames(server, toolModeName).map((name) => [name, "the package"]));
  const tools = new Map<string, ToolNames>();
  for (const tool of toolNames) {
    const derived = toolExportNames(tool);
    const modelName = modelToolName({ name: server }, { name: tool });
    tools.set(tool, { tool, ...derived, requestBodyCheck: `check${tool}RequestBody`, method: methods.get(tool) ?? lowerCamel(tool), modelName });
    for (const name of Object.values(derived)) {
      const owner = owners.get(name);
      if (owner !== undefined && owner !== tool) {
        const who = owner === "the package" ? "the package already exports" : `tool ${owner} also generates`;
        clashes.push({ tool, message: `tool ${tool} generates export ${name}, which ${who}`, hint: "Rename the tool." });
      }
      owners.set(name, tool);
    }
  }
  for (const problem of modelNameProblems({ name: server, tools: toolNames.map((name) => ({ name })) })) {
    clashes.push({ ...problem, hint: "Shorten or rename the tool: model providers accept 1-64 letters, digits, _ or -." });
  }
  const names: ServerNames = {
    server,
    clientFactory: clientFactoryName(server),
    clientType: `${server}Client`,
    tools,
    exports: [...owners.keys()].sort(),
  };
  return { names, clashes };
}

/** The names of one tool from the record; the record covers every tool of its server. */
export function toolNames(names: ServerNames, tool: string): ToolNames {
  const found = names.tools.get(tool);
  if (found === undefined) throw new Error(`no names for tool ${tool} of ${names.server}`);
  return found;
}
