// A generated package's `manifest` without paying for its tools on import. The manifest arrives as two
// JSON texts: its tools (nearly all of its bytes: input schemas, lowerings, examples), parsed on their
// first read, and the rest, which import-time code reads (the search tool's description), parsed at
// once. Parsing hundreds of kilobytes of JSON into objects is most of a large package's import otherwise.
import type { Manifest, ManifestTool } from "../manifest.js";
import { toStandardSchema, type ToolStandardSchema } from "../standard-schema.js";
import type { ValidationResult } from "../validation.js";

/**
 * The manifest: the properties of `headJson()`'s object, then `tools`, parsed from `toolsJson()` when
 * first read and a plain data property from then on. Key order, JSON.stringify, spreading and
 * structuredClone give what the parsed manifest.json gives.
 */
export function lazyManifest<M extends Manifest>(headJson: () => string, toolsJson: () => string): M {
  const manifest = JSON.parse(headJson()) as Record<string, unknown>;
  Object.defineProperty(manifest, "tools", {
    enumerable: true,
    configurable: true,
    get() {
      const tools: unknown = JSON.parse(toolsJson());
      Object.defineProperty(manifest, "tools", { value: tools, enumerable: true, configurable: true, writable: true });
      return tools;
    },
    // Writable as a parsed JSON module's property is: a write replaces the tools unread.
    set(value: unknown) {
      Object.defineProperty(manifest, "tools", { value, enumerable: true, configurable: true, writable: true });
    },
  });
  return manifest as M;
}

/**
 * Every tool validator as a Standard Schema, by short name in `tools`' order; each reads its tool's
 * inputSchema from the manifest when a JSON Schema is first asked for, so building them parses nothing.
 */
export function manifestToolSchemas(
  manifest: Pick<Manifest, "tools">,
  tools: Readonly<Record<string, { readonly validate: (input: unknown) => ValidationResult<unknown> }>>,
): Record<string, ToolStandardSchema<unknown>> {
  let byName: Map<string, ManifestTool> | undefined;
  const inputSchema = (name: string) => {
    byName ??= new Map(manifest.tools.map((tool) => [tool.name, tool]));
    const tool = byName.get(name);
    // Both come from one spec; a package whose two files disagree was edited by hand.
    if (tool === undefined) throw new TypeError(`the manifest lists no tool ${name}: regenerate the package`);
    return tool.inputSchema;
  };
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => [name, toStandardSchema(tool.validate, () => inputSchema(name))]),
  );
}
