// Identifier rules and every derived name, in one place: spec names are checked here, and the
// generated TypeScript names (methods, types, validators) are derived and de-clashed here.
import { generatedIdentifiers, type GeneratedIdentifiers } from "./generated-identifiers.ts";
import { reservedReason } from "./reserved-names.ts";
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
const reservedMethods = new Set([
  "call",
  "redact",
  "tools",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "then",
]);

/**
 * Client method names for a server's tools: lowerCamelCase, with a `Tool` suffix where the plain
 * name would shadow a client member or is a reserved word (code mode declares each method as a
 * function, where `function delete` would not parse). Returns undefined for a tool whose name still clashes.
 */
export function methodNames(toolNames: readonly string[]): { names: Map<string, string>; clashes: [string, string][] } {
  const names = new Map<string, string>();
  const owners = new Map<string, string>();
  const clashes: [string, string][] = [];
  for (const tool of toolNames) {
    let method = lowerCamel(tool);
    if (reservedMethods.has(method) || reservedReason(method) !== undefined) method = `${method}Tool`;
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
  guard: string;
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
    guard: `is${tool}`,
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

/** Every generated name of one tool. */
export interface ToolNames {
  readonly tool: string;
  readonly input: string;
  readonly parameters: string;
  readonly validator: string;
  /** The boolean check (`isGetThing`): the validator's verdict without issues. */
  readonly guard: string;
  readonly definition: string;
  /** The tool's Standard Schema object (`createSpreadsheetSchema`). */
  readonly schema: string;
  /** The captured request body's type and its `components.schemas` type. */
  readonly requestBody: string;
  readonly requestBodyComponents: string;
  /** The validators module's private check of a captured request body. */
  readonly requestBodyCheck: string;
  /** The validators module's private list of the tool's parameter names (`parametersOfGetThing`). */
  readonly parameterList: string;
  readonly method: string;
  /**
   * Model-facing tool name (`CloudSheets_GetSpreadsheet`): provider-safe (`[A-Za-z0-9_]`, at most
   * 64 characters) and reversible, since PascalCase server names have no underscore.
   */
  readonly modelName: string;
}

/** Every name a server's generated package uses, derived in one place; emitters read names only from here. */
export interface ServerNames {
  readonly server: string;
  readonly clientFactory: string;
  readonly clientType: string;
  readonly tools: ReadonlyMap<string, ToolNames>;
  /** Every export of the package, in a stable order. */
  readonly exports: readonly string[];
  /** Every identifier at module scope in some generated module: the generator's own and the derived ones. */
  readonly identifiers: ReadonlySet<string>;
}

/** What a clashing name was derived from: the catalog's ToolMode name, the server name or a tool name. */
export type NameSource =
  { readonly kind: "toolMode" } | { readonly kind: "server" } | { readonly kind: "tool"; readonly tool: string };

export interface NameClash {
  readonly source: NameSource;
  readonly message: string;
  readonly hint: string;
}

/** Module-scope identifiers and who claimed each; a second claim by anyone else is a clash. */
class NameTable {
  readonly owners = new Map<string, string>();
  readonly exports = new Set<string>();

  constructor(generated: GeneratedIdentifiers) {
    for (const name of [...generated.exports, ...generated.locals])
      this.owners.set(name, "the generated package itself");
    for (const name of generated.exports) this.exports.add(name);
  }

  /**
   * Claims `name` for `owner` (`tool GetThing`); a name someone else holds is a clash, `rename` says what to rename.
   */
  claim(name: string, source: NameSource, owner: string, rename: string, exported = true): NameClash[] {
    const earlier = this.owners.get(name);
    this.owners.set(name, owner);
    if (exported) this.exports.add(name);
    if (earlier === undefined || earlier === owner) return [];
    const message = `${owner} generates the identifier ${name}, which is taken by ${earlier}`;
    return [
      {
        source,
        message,
        hint: `${rename}: one module cannot declare ${name} twice, so the package would not compile.`,
      },
    ];
  }
}

/** The identifiers every package of the catalog declares, and the clashes of the ToolMode name. */
function catalogTable(toolModeName: string): { table: NameTable; clashes: NameClash[] } {
  const table = new NameTable(generatedIdentifiers);
  return {
    table,
    clashes: table.claim(
      toolModeName,
      { kind: "toolMode" },
      `the ToolMode name ${toolModeName}`,
      "Rename toolMode.name in catalog.yaml",
    ),
  };
}

/** Clashes of the catalog's ToolMode name with identifiers the generator declares; the catalog reports them. */
export function toolModeNameClashes(toolModeName: string): NameClash[] {
  return catalogTable(toolModeName).clashes;
}

/**
 * Builds the names record and lists every clash: method names, model names, and every derived
 * identifier against the generator's own, the ToolMode name (whose own clashes the catalog reports),
 * the client names and each other.
 */
export function serverNames(
  server: string,
  toolModeName: string,
  toolNames: readonly string[],
): { names: ServerNames; clashes: NameClash[] } {
  const { names: methods, clashes: methodClashes } = methodNames(toolNames);
  const { table } = catalogTable(toolModeName);
  const clashes: NameClash[] = methodClashes.map(([first, second]) => ({
    source: { kind: "tool", tool: second },
    message: `tool ${second} would get the same client method name as ${first}`,
    hint: "Tool names must differ by more than the case of their first letter.",
  }));
  const clientFactory = clientFactoryName(server);
  const clientType = `${server}Client`;
  for (const name of [clientFactory, clientType])
    clashes.push(...table.claim(name, { kind: "server" }, `server ${server}`, "Rename the server"));
  const tools = new Map<string, ToolNames>();
  for (const tool of toolNames) {
    const derived = toolExportNames(tool);
    const modelName = modelToolName({ name: server }, { name: tool });
    const own = { requestBodyCheck: `check${tool}RequestBody`, parameterList: `parametersOf${tool}` };
    tools.set(tool, { tool, ...derived, ...own, method: methods.get(tool) ?? lowerCamel(tool), modelName });
    const source = { kind: "tool", tool } as const;
    for (const name of Object.values(derived))
      clashes.push(...table.claim(name, source, `tool ${tool}`, "Rename the tool"));
    for (const name of Object.values(own))
      clashes.push(...table.claim(name, source, `tool ${tool}`, "Rename the tool", false));
  }
  for (const problem of modelNameProblems({ name: server, tools: toolNames.map((name) => ({ name })) })) {
    clashes.push({
      source: { kind: "tool", tool: problem.tool },
      message: problem.message,
      hint:
        "Shorten or rename the tool: model providers accept 1-64 letters, digits, _ or -, starting with a letter " +
        "or _ (Gemini).",
    });
  }
  const names: ServerNames = {
    server,
    clientFactory,
    clientType,
    tools,
    exports: [...table.exports].sort(),
    identifiers: new Set(table.owners.keys()),
  };
  return { names, clashes };
}

/** The names of one tool from the record; the record covers every tool of its server. */
export function toolNames(names: ServerNames, tool: string): ToolNames {
  const found = names.tools.get(tool);
  if (found === undefined) throw new Error(`no names for tool ${tool} of ${names.server}`);
  return found;
}
