// The Markdown twin of every page and the llms.txt files, from the same views as the HTML. Spec text
// enters Markdown only through the generators' Markdown escapers (markdownText: no markup, link,
// HTML or line structure survives; markdownCode: a code span), and code through fences longer than
// any backtick run inside.
import { markdownCode, markdownText } from "../../generators/src/emit/core/escape.ts";
import type { CatalogView, ServerView, ToolView } from "./views.ts";

const text = markdownText;
const code = markdownCode;

/** A fenced code block that no content can close early. */
function fenced(language: string, body: string): string {
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${body}\n${fence}`;
}

const bullets = (items: readonly string[]): string => items.map((item) => `- ${text(item)}`).join("\n");

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

const section = (heading: string, body: string): string => `${heading}\n\n${body}`;

function toolMarkdown(tool: ToolView): string {
  const facts = [
    code(tool.fullName),
    ...(tool.group === null ? [] : [`group ${text(tool.group)}`]),
    ...tool.annotations.map(text),
  ];
  const parts = [
    `## ${text(tool.title)}`,
    facts.join(" · "),
    text(tool.description),
    section("### What a model reads", text(tool.modelDescription)),
  ];
  const parameters = !tool.parametersKnown
    ? "The catalog does not show this tool's parameters; any object is accepted."
    : tool.parameters.length === 0
      ? "Takes no parameters."
      : table(
          ["Name", "Type", "Required", "Constraints", "Description"],
          tool.parameters.map((p) => [
            code(p.name),
            text(p.type),
            text(p.required),
            p.constraints.map(text).join("; "),
            text(p.description),
          ]),
        );
  parts.push(section("### Parameters", parameters));
  if (tool.notes.length > 0) parts.push(section("### From the catalog", bullets(tool.notes)));
  if (tool.judgments.length > 0) {
    parts.push(
      section(
        "### toolcat's readings",
        "Where the catalog is silent or ambiguous, toolcat decided; these are its judgments, not documented " +
          `facts.\n\n${bullets(tool.judgments)}`,
      ),
    );
  }
  const secrets = tool.secrets.length === 0 ? "none" : tool.secrets.map(code).join(", ");
  parts.push(`Secrets: ${secrets}. OAuth scopes: ${text(tool.scopes)}.`);
  parts.push(
    section(
      "### Routes",
      table(
        ["Route", "Tool file", "Model name", "Not enforced by the provider (the package validator checks it)"],
        tool.routes.map((r) => [
          text(r.label),
          code(r.file),
          code(r.modelName),
          r.notEnforced.length === 0 ? "nothing" : r.notEnforced.map(text).join("; "),
        ]),
      ),
    ),
  );
  parts.push(
    section(
      "### Snippets",
      tool.snippets.map((s) => section(`#### ${text(s.route)}`, fenced(s.language, s.code))).join("\n\n"),
    ),
  );
  return parts.join("\n\n");
}

export function serverMarkdown(server: ServerView): string {
  const parts = [
    `# ${text(server.name)}`,
    text(server.description),
    [
      `- Package: ${code(server.packageName)}, version ${code(server.version)}`,
      `- Install: ${code(`npm install ${server.packageName}`)}`,
      `- Serve over MCP: ${code(`npx @toolcat/mcp ${server.packageName}`)}`,
      `- Auth: ${text(server.auth)}`,
      `- Tools: ${server.toolCount}`,
    ].join("\n"),
  ];
  if (server.secrets.length > 0)
    parts.push(
      section("## Secrets", server.secrets.map((s) => `- ${code(s.name)}: ${text(s.description)}`).join("\n")),
    );
  for (const group of server.groups) {
    if (group.name !== null) parts.push(`Group: ${text(group.name)}`);
    for (const tool of group.tools) parts.push(toolMarkdown(tool));
  }
  if (server.notes.length > 0) parts.push(section("## About this server", bullets(server.notes)));
  if (server.limits.length > 0) parts.push(section("## Limits", bullets(server.limits)));
  parts.push(section("## What the catalog does not show", bullets(server.notShown)));
  return `${parts.join("\n\n")}\n`;
}

export function indexMarkdown(catalog: CatalogView): string {
  const rows = catalog.servers.map((s) => [
    `[${text(s.name)}](servers/${encodeURIComponent(s.slug)}/index.html.md)`,
    code(s.packageName),
    String(s.toolCount),
    text(s.description),
  ]);
  return `${[
    `# ${text(catalog.catalog)}`,
    `${catalog.servers.length} tool servers, ${catalog.toolCount} tools. Each server is an npm package with typed ` +
      "inputs, validators, a client and tool files for every model provider.",
    table(["Server", "Package", "Tools", "What it does"], rows),
    "[llms.txt](llms.txt) lists every page's Markdown twin; [llms-full.txt](llms-full.txt) holds them all in one file.",
  ].join("\n\n")}\n`;
}

export function searchMarkdown(catalog: CatalogView): string {
  return (
    `# Search tools\n\nThe search page ranks the ${catalog.toolCount} tools for a need in words, in the browser, ` +
    "with the same search as each package's `searchTools`. Without a browser, read " +
    "[llms-full.txt](llms-full.txt).\n"
  );
}

const summary = (catalog: CatalogView): string =>
  `> ${catalog.servers.length} tool servers and ${catalog.toolCount} tools, each server an npm package generated ` +
  "by toolcat: typed inputs, validators, a client, and tool files for OpenAI, Anthropic, Gemini and MCP.";

const readingsNote =
  "Each server page lists every tool: parameters with types and constraints, annotations, the model name on each " +
  `route, and what each provider's tool form leaves to the package validator. Text under "toolcat's readings" ` +
  "is toolcat's judgment where the catalog is silent or ambiguous, not documented fact.";

/** The catalog's llms.txt: the llms.txt convention's title, summary, notes and file lists. */
export function catalogLlms(catalog: CatalogView): string {
  const servers = catalog.servers.map(
    (s) =>
      `- [${text(s.name)}](servers/${encodeURIComponent(s.slug)}/index.html.md): ${text(s.description)} ` +
      `(${s.toolCount} tools, package ${code(s.packageName)})`,
  );
  return `${[
    `# ${text(catalog.catalog)}`,
    summary(catalog),
    readingsNote,
    section("## Servers", servers.join("\n")),
    section("## Optional", "- [All pages in one file](llms-full.txt)\n- [Catalog index](index.html.md)"),
  ].join("\n\n")}\n`;
}

/** A server's llms.txt, beside its page: links are relative to the server's folder. */
export function serverLlms(server: ServerView): string {
  const tools = server.groups
    .flatMap((g) => g.tools)
    .map(
      (t) =>
        `- [${text(t.title)}](index.html#${encodeURIComponent(t.name)}): ${code(t.fullName)}, ${text(t.description)}`,
    );
  return `${[
    `# ${text(server.name)}`,
    `> ${text(server.description)} Package ${code(server.packageName)}, ${server.toolCount} tools.`,
    readingsNote,
    section("## Docs", `- [${text(server.name)}, every tool](index.html.md): the server page in Markdown`),
    section("## Tools", tools.join("\n")),
    section("## Optional", "- [This server in one file](llms-full.txt)\n- [The whole catalog](../../llms.txt)"),
  ].join("\n\n")}\n`;
}
