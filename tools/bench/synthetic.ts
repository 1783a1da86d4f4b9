// Synthetic catalogs for the scale section: N servers of 100 tools each, written as spec YAML under
// a temporary root so they go through the real loader. Each server copies the header (auth,
// secrets, limits, ...) of a real spec and cycles through that spec's real tools, so parameter
// types, formats, enums, bounds, rules and mode-pattern tools come in the real catalog's mix.
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { kebabCase } from "../../generators/src/ir/naming.ts";
import { listSpecFiles } from "../../generators/src/loader/load.ts";

interface Spec {
  server: string;
  tools: { name: string }[];
  [field: string]: unknown;
}

export const toolsPerServer = 100;

export interface SyntheticOptions {
  readonly toolsPerServer?: number;
  /** Take every server's header and tools from this one spec (a slug) instead of the mix. */
  readonly template?: string;
  /** Write into this root's specs/ rather than a new temporary root. */
  readonly into?: string;
}

/**
 * Writes a catalog of `servers` × 100 tools (unless told) and returns its root.
 * Templates are picked proportionally to each real spec's tool count (server i takes the spec that
 * owns real tool number ⌊i·total/servers⌋), so RecruitApi-like servers dominate as in the catalog.
 */
export function writeSyntheticCatalog(sourceRoot: string, servers: number, options: SyntheticOptions = {}): string {
  const root = options.into ?? mkdtempSync(join(tmpdir(), `toolcat-bench-scale-${servers}-`));
  mkdirSync(join(root, "specs"), { recursive: true });
  copyFileSync(join(sourceRoot, "specs/catalog.yaml"), join(root, "specs/catalog.yaml"));
  cpSync(join(sourceRoot, "specs/schema"), join(root, "specs/schema"), { recursive: true });

  const files = options.template === undefined ? listSpecFiles(sourceRoot) : [`specs/${options.template}.yaml`];
  const specs = files.map((file) => parse(readFileSync(join(sourceRoot, file), "utf8")) as Spec);
  const owners = specs.flatMap((spec) => spec.tools.map(() => spec));
  for (let i = 0; i < servers; i++) {
    const template = owners[Math.floor((i * owners.length) / servers)]!;
    const name = `${template.server}Syn${i}`;
    const tools = Array.from({ length: options.toolsPerServer ?? toolsPerServer }, (_, t) => {
      const tool = template.tools[t % template.tools.length]!;
      // The first round keeps the real names, so header sections that name tools (limits) stay valid.
      const round = Math.floor(t / template.tools.length);
      return round === 0 ? tool : { ...tool, name: `${tool.name}V${round}` };
    });
    writeFileSync(join(root, "specs", `${kebabCase(name)}.yaml`), stringify({ ...template, server: name, tools }));
  }
  return root;
}
