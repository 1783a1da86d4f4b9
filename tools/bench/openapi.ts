// The catalog as one OpenAPI 3.1 document, the input a team would hand openapi-typescript instead
// of using toolcat: one POST operation per tool, its manifest inputSchema as the request body.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ManifestTool {
  readonly name: string;
  readonly fullName: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

export interface Manifest {
  /** The npm package name, @toolcat/<slug>. */
  readonly package: string;
  readonly server: { readonly name: string; readonly domain?: string; readonly description?: string };
  readonly tools: readonly ManifestTool[];
}

/** Every generated package's manifest.json, in directory order (hand-written packages have none). */
export function readManifests(root: string): Manifest[] {
  return readdirSync(join(root, "packages"))
    .filter((slug) => existsSync(join(root, "packages", slug, "manifest.json")))
    .sort()
    .map((slug) => JSON.parse(readFileSync(join(root, "packages", slug, "manifest.json"), "utf8")) as Manifest);
}

export function openApiDocument(manifests: readonly Manifest[]): { document: object; operations: number } {
  const paths: Record<string, object> = {};
  for (const manifest of manifests) {
    for (const tool of manifest.tools) {
      paths[`/${manifest.server.name}/${tool.name}`] = {
        post: {
          operationId: tool.fullName.replace(".", "_"),
          summary: tool.description,
          // OpenAPI 3.1 Schema Objects are JSON Schema 2020-12, so the inputSchema goes in unchanged.
          requestBody: { required: true, content: { "application/json": { schema: tool.inputSchema } } },
          responses: { "200": { description: "The tool result." } },
        },
      };
    }
  }
  const document = { openapi: "3.1.0", info: { title: "Tool Server Catalog", version: "0.1.0" }, paths };
  return { document, operations: Object.keys(paths).length };
}
