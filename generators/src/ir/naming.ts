// Identifier rules and every derived name, in one place: spec names are checked here, and the
// generated TypeScript names (methods, types, validators) are derived and de-clashed here.

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
export function toolExportNames(tool: string): { input: string; parameters: string; validator: string; definition: string } {
  return { input: `${tool}Input`, parameters: `${tool}Parameters`, validator: `validate${tool}`, definition: `${lowerCamel(tool)}Tool` };
}

/** createCloudSheetsClient. */
export function clientFactoryName(server: string): string {
  return `create${server}Client`;
}
