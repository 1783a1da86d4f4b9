// Every tool of every generated package, as the framework tests read it: the manifest entry, the
// package's Standard Schema (full and strict) and the OpenAI Responses function the package ships
// for it (from the whole-package file or, where the package ships only per-group files, its group's).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { strictStandardSchema, type ManifestTool, type ToolStandardSchema } from "@toolcat/runtime";
import { loadSelectedPackages, workspaceRoot, type GeneratedPackage } from "../../support/packages.ts";

/** An OpenAI Responses function tool as the package ships it. */
export interface ShippedFunction {
  readonly type: "function";
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
  readonly strict: boolean;
}

export interface CatalogTool {
  readonly pkg: GeneratedPackage;
  readonly tool: ManifestTool;
  readonly schema: ToolStandardSchema<unknown>;
  readonly strict: ToolStandardSchema<unknown>;
  readonly responses: ShippedFunction;
}

function shippedResponsesTools(slug: string): Map<string, ShippedFunction> {
  const dir = join(workspaceRoot, "packages", slug, "tools");
  const groups = join(dir, "groups");
  const files = existsSync(join(dir, "openai-responses.json"))
    ? [join(dir, "openai-responses.json")]
    : readdirSync(groups).map((group) => join(groups, group, "openai-responses.json"));
  const tools = files.flatMap((file) => JSON.parse(readFileSync(file, "utf8")) as ShippedFunction[]);
  return new Map(tools.map((t) => [t.name, t]));
}

export async function catalogTools(): Promise<CatalogTool[]> {
  return (await loadSelectedPackages()).flatMap((pkg) => {
    const schemas = pkg["toolSchemas"] as Record<string, ToolStandardSchema<unknown>>;
    const responses = shippedResponsesTools(pkg.slug);
    return pkg.manifest.tools.map((tool) => {
      const schema = schemas[tool.name]!;
      return { pkg, tool, schema, strict: strictStandardSchema(schema), responses: responses.get(tool.modelName)! };
    });
  });
}
