// Every release package packed once per e2e run and shared by the files that install or publish
// packages: packing is the slow part, and what they test is the same tarball. The first file to ask
// packs, the others wait for its list (once-per-run.ts).
// The suite runs after Nx's build targets, which run the same build as each package's `prepack`, so
// the packages are packed from that dist/ (refused when there is none) and only one runs
// its prepack here, proving the lifecycle script a publish runs; `npm run release:check` (CI) packs
// every package through its prepack.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { packPackages, releasePackages } from "../../../generators/src/release/packages.ts";
import { workspaceRoot } from "../../support/packages.ts";
import { cleanEnv } from "../../support/process.ts";
import { oncePerRun } from "./once-per-run.ts";

/** The package packed through its own `prepack` (a generated package's: it builds the runtime, then itself). */
export const prepackedPackage = "@toolcat/cloud-sheets";

/** Throws unless `dir` has a built dist/ to pack. */
function requireBuilt(dir: string, name: string): void {
  if (!existsSync(join(dir, "dist", "index.js")))
    throw new Error(
      `${name} has no dist/ to pack: build first (npx nx run-many -t build), or run the suite through ` +
        "npm test (its e2e:test target depends on every package's build, which also keeps dist/ current)",
    );
}

function pack(scratch: string): [name: string, tarball: string][] {
  const destination = join(scratch, "tarballs");
  mkdirSync(destination, { recursive: true });
  const all = releasePackages(workspaceRoot);
  const built = all.filter((pkg) => pkg.name !== prepackedPackage);
  for (const pkg of built) requireBuilt(join(workspaceRoot, pkg.dir), pkg.name);
  return [
    ...packPackages(workspaceRoot, built, destination, { env: cleanEnv(), ignoreScripts: true }),
    ...packPackages(
      workspaceRoot,
      all.filter((pkg) => pkg.name === prepackedPackage),
      destination,
      { env: cleanEnv() },
    ),
  ];
}

/** Tarball path by npm name (`@toolcat/cloud-sheets`), for every release package. */
export function packedTarballs(): ReadonlyMap<string, string> {
  return new Map(oncePerRun("tarballs", "packing the release packages", pack));
}

/** The tarball of one release package, by directory name (`cloud-sheets`). */
export function tarballOf(slug: string): string {
  const tarball = packedTarballs().get(`@toolcat/${slug}`);
  if (tarball === undefined) throw new Error(`no release package packages/${slug}`);
  return tarball;
}
