// The search page's script, bundled for browsers with esbuild from the runtime's source, so the
// browser runs the very search code the packages run (and needs no build of the runtime first).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const entry = fileURLToPath(new URL("./browser/search-page.ts", import.meta.url));
const runtimeSource = fileURLToPath(new URL("../../packages/runtime/src/index.ts", import.meta.url));

/** The bundle's text: one ES module with MiniSearch and the stemmer inside. */
export async function searchScript(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    alias: { "@toolcat/runtime": runtimeSource },
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}
