// Provider-safe tool names. OpenAI and Anthropic accept `^[a-zA-Z0-9_-]{1,64}$`, Gemini a letter or
// underscore first and at most 64 of letters, digits, `_ . : -`; one name meets all of them, so the
// dot of `CloudSheets.GetSpreadsheet` becomes an underscore: `CloudSheets_GetSpreadsheet`. Server
// and tool names are PascalCase (no underscore), so the first underscore splits the name back.

/** The name rule OpenAI and Anthropic document for tool names. */
export const modelNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

/** The name rule Gemini documents for function declarations. */
export const geminiNamePattern = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;

export interface NamedServer {
  readonly name: string;
  readonly tools: readonly { readonly name: string }[];
}

export interface NameProblem {
  readonly tool: string;
  readonly message: string;
}

export function modelToolName(server: { readonly name: string }, tool: { readonly name: string }): string {
  return `${server.name}_${tool.name}`;
}

/** The tool's short name, or undefined when `name` is not a model name of this server. */
export function parseModelToolName(server: { readonly name: string }, name: string): string | undefined {
  const prefix = `${server.name}_`;
  return name.startsWith(prefix) && name.length > prefix.length ? name.slice(prefix.length) : undefined;
}

/** Every model name that breaks the provider rule, does not parse back, or collides with another. */
export function modelNameProblems(server: NamedServer): NameProblem[] {
  const problems: NameProblem[] = [];
  const seen = new Map<string, string>();
  for (const tool of server.tools) {
    const name = modelToolName(server, tool);
    if (!modelNamePattern.test(name)) {
      problems.push({
        tool: tool.name,
        message:
          `model name ${JSON.stringify(name)} must be 1-64 letters, digits, _ or - (it has ${name.length} ` +
          "characters)",
      });
    } else if (!geminiNamePattern.test(name)) {
      problems.push({
        tool: tool.name,
        message: `model name ${JSON.stringify(name)} must start with a letter or _ (Gemini's rule)`,
      });
    }
    if (parseModelToolName(server, name) !== tool.name) {
      problems.push({
        tool: tool.name,
        message: `model name ${JSON.stringify(name)} does not read back as ${tool.name}`,
      });
    }
    // Compared without case: some clients match tool names case-insensitively.
    const key = name.toLowerCase();
    const other = seen.get(key);
    if (other !== undefined)
      problems.push({
        tool: tool.name,
        message: `model name ${JSON.stringify(name)} collides with the one of ${other}`,
      });
    else seen.set(key, tool.name);
  }
  return problems;
}

/** A display name made from the tool name (`GetOpenAPISpecification` → `Get Open API Specification`). */
export function toolTitle(tool: { readonly name: string }): string {
  return tool.name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
}
