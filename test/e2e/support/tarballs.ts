// Every release package packed once per e2e run, as `npm publish` would pack it (each `prepack`
// builds dist/ first), and shared by the files that install or publish packages: packing is the
// slow part, and what they test is the same tarball. The first file to ask packs; e2e files run
// one at a time, so later files read the list it wrote.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { packPackage, releasePackages } from "../../../generators/src/release/packages.ts";
import { workspaceRoot } from "../../support/packages.ts";
import { cleanEnv } from "../../support/process.ts";

/** Tarball path by npm name (`@toolcat/cloud-sheets`), for every release package. */
export function packedTarballs(): ReadonlyMap<string, string> {
  const scratch = inject("e2eScratch");
  const list = join(scratch, "tarballs.json");
  if (!existsSync(list)) {
    const destination = join(scratch, "tarballs");
    mkdirSync(destination, { recursive: true });
    const packed = releasePackages(workspaceRoot).map((pkg) => [pkg.name, packPackage(workspaceRoot, pkg, destination, cleanEnv())]);
    writeFileSync(`${list}.tmp`, JSON.stringify(packed));
    renameSync(`${list}.tmp`, list);
  }
  return new Map(JSON.parse(readFileSync(list, "utf8")) as [string, string][]);
}

/** The tarball of one release package, by directory name (`cloud-sheets`). */
export function tarballOf(slug: string): string {
  const tarball = packedTarballs().get(`@toolcat/${slug}`);
  if (tarball === undefined) throw new Error(`no release package packages/${slug}`);
  return tarball;
}
