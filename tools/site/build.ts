// `npm run site`: the catalog site from the generated packages, written to dist/site (or the folder
// given), ready for any static file server.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readCatalog } from "./catalog.ts";
import { siteFiles } from "./site.ts";
import { writeSite } from "./write.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Builds the site of the packages under `packagesDir` into `outDir`; returns the number of files. */
export async function buildSite(packagesDir: string, outDir: string): Promise<number> {
  const files = await siteFiles(await readCatalog(packagesDir));
  writeSite(outDir, files);
  return files.size;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? join(root, "dist", "site"));
  buildSite(join(root, "packages"), outDir).then(
    (count) => console.log(`site: ${count} files in ${outDir}`),
    (error: unknown) => {
      console.error(`site: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
