// A copy-paste snippet per route for one tool: the client call, how each provider's tool file gives
// the tool to a model, and the MCP server that lists it. Every name and value from the spec enters
// the code through JSON.stringify, so it is a string literal whatever it holds.
import type { Manifest, ManifestTool } from "../../packages/runtime/src/manifest.ts";
import { routes, type SiteServer } from "./catalog.ts";
import { modelSchema } from "./parameters.ts";

export interface Snippet {
  readonly route: string;
  readonly language: "ts" | "sh" | "json";
  readonly code: string;
}

type Schema = Readonly<Record<string, unknown>>;
const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = JSON.stringify;

const formatExamples: Readonly<Record<string, string>> = {
  date: "2024-01-31",
  "date-time": "2024-01-31T09:30:00Z",
  uri: "https://example.com/resource",
  email: "someone@example.com",
};

/** A value of the right type for one parameter; the reader replaces it with their own. */
function exampleValue(schema: Schema, name: string): unknown {
  if ("const" in schema) return schema["const"];
  if (Array.isArray(schema["enum"]) && schema["enum"].length > 0) return schema["enum"][0];
  const type = Array.isArray(schema["type"]) ? schema["type"][0] : schema["type"];
  switch (type) {
    case "integer":
    case "number": {
      const low = typeof schema["minimum"] === "number" ? schema["minimum"] : 1;
      return typeof schema["maximum"] === "number" && low > schema["maximum"] ? schema["maximum"] : low;
    }
    case "boolean":
      return true;
    case "array":
      return [exampleValue(isSchema(schema["items"]) ? schema["items"] : {}, name)];
    case "object":
      return {};
    default:
      if (schema["contentMediaType"] === "application/json") return "{}";
      return typeof schema["format"] === "string" && schema["format"] in formatExamples
        ? formatExamples[schema["format"]]
        : `example-${name.replace(/_/g, "-")}`;
  }
}

/** Arguments with every required parameter, a mode-pattern tool's in its execute mode. */
export function exampleArguments(manifest: Manifest, tool: ManifestTool): Record<string, unknown> {
  const schema = modelSchema(tool);
  const properties = isSchema(schema["properties"]) ? schema["properties"] : {};
  const required = new Set((schema["required"] as readonly string[] | undefined) ?? []);
  if (tool.modePattern) {
    // The rules that make parameters required with mode execute: allOf entries of if/then.
    for (const rule of (schema["allOf"] as readonly Schema[] | undefined) ?? []) {
      for (const name of ((isSchema(rule["then"]) && rule["then"]["required"]) || []) as readonly string[])
        required.add(name);
    }
  }
  const args: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) {
    if (!required.has(name)) continue;
    const property = properties[name];
    args[name] =
      tool.modePattern && name === "mode"
        ? manifest.toolMode.execute
        : exampleValue(isSchema(property) ? property : {}, name);
  }
  return args;
}

/** The snippets of one tool, the client first, then one per route in the routes' order. */
export function toolSnippets(server: SiteServer, tool: ManifestTool): Snippet[] {
  const { manifest } = server;
  const args = JSON.stringify(exampleArguments(manifest, tool), null, 2);
  const find = (route: string, nameAt: string) =>
    `import tools from ${text(`${manifest.package}/${server.routeFiles.get(route)!.get(tool.modelName)!}`)} with ` +
    `{ type: "json" };\n\nconst tool = tools.find((t) => ${nameAt} === ${text(tool.modelName)})!;`;
  const byRoute: Readonly<Record<string, string>> = {
    "openai-chat": find("openai-chat", "t.function.name"),
    "openai-responses": find("openai-responses", "t.name"),
    anthropic: find("anthropic", "t.name"),
    gemini: find("gemini", "t.name"),
  };
  return [
    { route: "Client", language: "ts", code: `await client.call(${text(tool.fullName)}, ${args});` },
    ...routes.flatMap((route): Snippet[] => {
      const code = byRoute[route.id];
      return code === undefined ? [] : [{ route: route.label, language: "ts", code }];
    }),
    {
      route: "MCP",
      language: "json",
      code: JSON.stringify(
        {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: tool.modelName, arguments: exampleArguments(manifest, tool) },
        },
        null,
        2,
      ),
    },
  ];
}
