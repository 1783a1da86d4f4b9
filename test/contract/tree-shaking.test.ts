// A package ships as one bundled module, so only side-effect-free module-scope statements keep it
// tree-shakable: a consumer importing one tool's validator must get no other tool of the package.
// The package's src/ is bundled with its build's own options (dependencies and manifest.json external),
// then the consumer is bundled from that one module, both by esbuild in memory.
import { readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { build, type Plugin } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleOptions } from "../../tools/build/build-package.js";
import { holdsValidator } from "../support/bundles.ts";
import { selectedSlugs, workspaceRoot } from "../support/packages.ts";

async function bundledPackage(slug: string): Promise<string> {
  const dir = join(workspaceRoot, "packages", slug);
  const result = await build({ ...bundleOptions(dir, ["src/index.ts"], "dist"), write: false, logLevel: "silent" });
  const module = result.outputFiles.find((file) => file.path.endsWith(`${sep}index.js`));
  if (module === undefined) throw new Error(`no dist/index.js in the ${slug} bundle`);
  return module.text;
}

async function consumerOf(packageText: string, exportName: string): Promise<string> {
  // The bundled package stands in for the installed one; the runtime stays an import.
  const installed: Plugin = {
    name: "installed-package",
    setup: (b) => {
      b.onResolve({ filter: /^package$/ }, () => ({ path: "package", namespace: "installed" }));
      b.onLoad({ filter: /.*/, namespace: "installed" }, () => ({ contents: packageText, loader: "js" }));
    },
  };
  const result = await build({
    stdin: { contents: `export { ${exportName} } from "package";\n`, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    external: ["@toolcat/runtime", "@toolcat/runtime/*", "node:*"],
    plugins: [installed],
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

describe.each(selectedSlugs)("a one-validator consumer of %s", (slug) => {
  const manifest = JSON.parse(readFileSync(join(workspaceRoot, "packages", slug, "manifest.json"), "utf8")) as {
    tools: { name: string }[];
  };
  const tools = manifest.tools.map((tool) => tool.name);
  // The first, the last and one between: each consumer bundle takes a moment.
  const picked = [...new Set([tools[0]!, tools[Math.floor(tools.length / 2)]!, tools.at(-1)!])];

  let packageText = "";
  beforeAll(async () => {
    packageText = await bundledPackage(slug);
  });

  it.each(picked)("holds validate%s and no other tool", async (tool) => {
    const text = await consumerOf(packageText, `validate${tool}`);
    expect(holdsValidator(text, tool), text.slice(0, 2000)).toBe(true);
    const others = tools.filter((other) => other !== tool && new RegExp(`${other}(?![A-Za-z0-9_])`).test(text));
    expect(others).toEqual([]);
  });
});
