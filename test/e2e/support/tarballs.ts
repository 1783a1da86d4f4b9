// Every release package packed once per e2e run and shared by the files that install or publish
// packages: packing is the slow part, and what they test is the same tarball. e2e files run two at
// a time, so the first to ask packs while holding a lock directory and the others wait for the list
// it writes (or the error it left).
// The suite runs after Nx's build targets, which run the same build as each package's `prepack`, so
// the packages are packed from that dist/ (refused when there is none) and only one runs
// its prepack here, proving the lifecycle script a publish runs; `npm run release:check` (CI) packs
// every package through its prepack.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { packPackages, releasePackages } from "../../../generators/src/release/packages.ts";
import { writeFileAtomic } from "../../../generators/src/write/atomic-write.ts";
import { workspaceRoot } from "../../support/packages.ts";
import { cleanEnv } from "../../support/process.ts";

const waitMs = 10 * 60_000;
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

function pack(scratch: string, list: string, failure: string): void {
  try {
    const destination = join(scratch, "tarballs");
    mkdirSync(destination, { recursive: true });
    const all = releasePackages(workspaceRoot);
    const built = all.filter((pkg) => pkg.name !== prepackedPackage);
    for (const pkg of built) requireBuilt(join(workspaceRoot, pkg.dir), pkg.name);
    const tarballs = new Map([
      ...packPackages(workspaceRoot, built, destination, { env: cleanEnv(), ignoreScripts: true }),
      ...packPackages(
        workspaceRoot,
        all.filter((pkg) => pkg.name === prepackedPackage),
        destination,
        { env: cleanEnv() },
      ),
    ]);
    writeFileAtomic(list, JSON.stringify([...tarballs]));
  } catch (error) {
    writeFileAtomic(failure, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** Tarball path by npm name (`@toolcat/cloud-sheets`), for every release package. */
export function packedTarballs(): ReadonlyMap<string, string> {
  const scratch = inject("e2eScratch");
  const list = join(scratch, "tarballs.json");
  const failure = join(scratch, "tarballs.failed");
  let packer = false;
  try {
    mkdirSync(join(scratch, "tarballs.lock"));
    packer = true;
  } catch (error) {
    // EEXIST: another file holds the lock, and is packing or has packed. Anything else is real.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (packer) pack(scratch, list, failure);
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + waitMs; !existsSync(list); Atomics.wait(sleeper, 0, 0, 200)) {
    if (existsSync(failure))
      throw new Error(`packing the release packages failed in another test file:\n${readFileSync(failure, "utf8")}`);
    if (Date.now() > deadline)
      throw new Error(`the release packages were not packed within ${waitMs / 60_000} minutes`);
  }
  return new Map(JSON.parse(readFileSync(list, "utf8")) as [string, string][]);
}

/** The tarball of one release package, by directory name (`cloud-sheets`). */
export function tarballOf(slug: string): string {
  const tarball = packedTarballs().get(`@toolcat/${slug}`);
  if (tarball === undefined) throw new Error(`no release package packages/${slug}`);
  return tarball;
}
