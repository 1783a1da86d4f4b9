// Every example a package ships is a call its own validator accepts: the manifest's `examples`, the
// `input_examples` of each Anthropic tool file (whole-package, per group, deferred), the example
// that ends each MCP description and the one in each code-mode declaration. A tool whose parameters
// the catalog does not show has none; every other tool has at most three, and a mode-pattern tool's
// cover its execute call and its call in each other mode.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import type { AnthropicTool, ManifestTool, McpTool } from "@toolcat/runtime";
import { loadSelectedPackages, workspaceRoot, type GeneratedPackage } from "../support/packages.ts";

const packages = await loadSelectedPackages();

/** Every file of a format a package ships: the whole-package one and each group's. */
function toolFiles<T>(slug: string, file: string): T[] {
  const dir = `${workspaceRoot}packages/${slug}/tools`;
  const read = (path: string) => (existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T[]) : []);
  const groups = existsSync(`${dir}/groups`)
    ? readdirSync(`${dir}/groups`).map((group) => `${dir}/groups/${group}/${file}`)
    : [];
  return [`${dir}/${file}`, ...groups].flatMap(read);
}

describe.each(packages.map((pkg) => [pkg.slug, pkg] as const))("%s examples", (_slug, pkg: GeneratedPackage) => {
  const { manifest } = pkg;
  const byModelName = new Map<string, ManifestTool>(manifest.tools.map((tool) => [tool.modelName, tool]));

  it.each(manifest.tools.map((tool) => [tool.name, tool] as const))(
    "%s: every example passes the package validator",
    (_name, tool) => {
      if (!tool.parametersKnown) expect(tool.examples).toEqual([]);
      expect(tool.examples.length).toBeLessThanOrEqual(3);
      for (const example of tool.examples) {
        const result = pkg.validate(tool.name, example);
        expect(result.ok, `${JSON.stringify(example)}: ${JSON.stringify(result)}`).toBe(true);
      }
      // Examples are distinct calls.
      expect(new Set(tool.examples.map((example) => JSON.stringify(example))).size).toBe(tool.examples.length);
      if (tool.modePattern && tool.examples.length > 0) {
        const modes = new Set(tool.examples.map((example) => example["mode"]));
        for (const mode of manifest.toolMode.values) expect(modes, `${tool.name} shows mode ${mode}`).toContain(mode);
      }
    },
  );

  it("ships the manifest's examples as Anthropic input_examples in every Anthropic file", () => {
    const anthropic = [
      ...toolFiles<AnthropicTool>(pkg.slug, "anthropic.json"),
      ...toolFiles<AnthropicTool>(pkg.slug, "anthropic-deferred.json").filter((tool) => "input_schema" in tool),
    ];
    expect(anthropic.length).toBeGreaterThanOrEqual(manifest.tools.length);
    for (const tool of anthropic) {
      const examples = byModelName.get(tool.name)!.examples;
      if (examples.length === 0) expect(tool, tool.name).not.toHaveProperty("input_examples");
      else expect(tool.input_examples, tool.name).toEqual(examples);
      for (const example of tool.input_examples ?? [])
        expect(pkg.validate(tool.name, example).ok, tool.name).toBe(true);
    }
  });

  it("ends each MCP description with the first example, which the validator accepts", () => {
    for (const tool of toolFiles<McpTool>(pkg.slug, "mcp.json")) {
      const [first] = byModelName.get(tool.name)!.examples;
      const shown = /Example: (\{.*\})$/.exec(tool.description)?.[1];
      if (first === undefined) expect(shown, tool.name).toBeUndefined();
      else {
        expect(JSON.parse(shown!), tool.name).toEqual(first);
        expect(pkg.validate(tool.name, JSON.parse(shown!)).ok, tool.name).toBe(true);
      }
    }
  });

  it("shows the first example in each code-mode declaration whose call has arguments of its own", () => {
    const declarations = readFileSync(`${workspaceRoot}packages/${pkg.slug}/code/api.d.ts`, "utf8");
    const shown = declarations.match(/@example\n(?:\s+\*.*\n)*?\s+\*\s.*\)\n/g) ?? [];
    // Not a call of only mode and request_body: the namespace's comment shows that one.
    const expected = manifest.tools.filter((tool) =>
      Object.keys(tool.examples[0] ?? {}).some((key) => !(tool.modePattern && ["mode", "request_body"].includes(key))),
    );
    expect(shown.length).toBe(expected.length);
    for (const block of shown) {
      // The call as a program writes it: evaluate its argument and compare with the manifest's example.
      const code = block
        .split("\n")
        .slice(1)
        .map((line) => line.replace(/^\s+\*\s?/, ""))
        .join("\n")
        .replace(/\*\\\//g, "*/");
      const call = /^(\w+)\.(\w+)\(([\s\S]*)\)\s*$/.exec(code);
      expect(call, code).not.toBeNull();
      const argument = runInNewContext(`(${call![3]!})`) as Record<string, unknown>;
      const tool = expected.find((candidate) => JSON.stringify(candidate.examples[0]) === JSON.stringify(argument));
      expect(tool, code).toBeDefined();
      expect(pkg.validate(tool!.name, argument).ok).toBe(true);
    }
  });
});
