// The packages Nx releases (nx.json release.projects: packages/*): the generated servers and the
// runtime. Release scripts select from them by npm name or by directory name.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface ReleasePackage {
  /** npm name and Nx project name (@toolcat/cloud-sheets). */
  readonly name: string;
  /** Relative to the workspace root (packages/cloud-sheets). */
  readonly dir: string;
  readonly version: string;
}

/** All release packages, or those named in `wanted` (`@toolcat/cloud-sheets` or `cloud-sheets`). */
export function releasePackages(root: string, wanted?: readonly string[]): ReleasePackage[] {
  const all = readdirSync(join(root, "packages"))
    .filter((slug) => existsSync(join(root, "packages", slug, "package.json")))
    .sort()
    .map((slug): ReleasePackage => {
      const dir = `packages/${slug}`;
      const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
        name: string;
        version: string;
      };
      return { name: manifest.name, dir, version: manifest.version };
    });
  if (wanted === undefined) return all;
  const matches = (pkg: ReleasePackage, want: string): boolean =>
    pkg.name === want.trim() || pkg.dir === `packages/${want.trim()}`;
  const unknown = wanted.filter((want) => !all.some((pkg) => matches(pkg, want)));
  if (unknown.length > 0)
    throw new Error(`no release package ${unknown.join(", ")} (have ${all.map((p) => p.name).join(", ")})`);
  return all.filter((pkg) => wanted.some((want) => matches(pkg, want)));
}

/** How `packPackage` runs npm. */
export interface PackOptions {
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Pack dist/ as it is, without the package's `prepack` build: for callers that have just built
   * every package (the e2e suite runs after Nx's build targets, the same build prepack runs).
   */
  readonly ignoreScripts?: boolean;
}

/**
 * Packs a release package into `destination` exactly as `npm publish` would (its `prepack` builds
 * dist/ first, unless `ignoreScripts`) and returns the tarball's path; throws with npm's output when
 * packing fails.
 */
export function packPackage(
  root: string,
  pkg: ReleasePackage,
  destination: string,
  { env = process.env, ignoreScripts = false }: PackOptions = {},
): string {
  // Silent: npm's lifecycle banner would otherwise precede the JSON on stdout.
  const args = ["pack", "--json", "--loglevel=silent", "--pack-destination", destination];
  if (ignoreScripts) args.push("--ignore-scripts");
  const packed = spawnSync("npm", args, { cwd: join(root, pkg.dir), encoding: "utf8", env });
  if (packed.status !== 0) throw new Error(`npm pack failed in ${pkg.dir}:\n${packed.stdout}${packed.stderr}`);
  const [entry] = JSON.parse(packed.stdout) as { filename: string }[];
  if (entry === undefined) throw new Error(`npm pack wrote no tarball for ${pkg.dir}`);
  return join(destination, entry.filename);
}
