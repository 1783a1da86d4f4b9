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

/** How `packPackages` runs npm. */
export interface PackOptions {
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Pack dist/ as it is, without the package's `prepack` build: for callers that have just built
   * every package (the e2e suite runs after Nx's build targets, the same build prepack runs).
   */
  readonly ignoreScripts?: boolean;
}

/**
 * Packs release packages into `destination` exactly as `npm publish` would (each one's `prepack`
 * builds dist/ first, unless `ignoreScripts`), all in one npm process (`npm pack -w <dir> ...` at the
 * root: one npm start instead of one per package), and returns each tarball's path by package name;
 * throws with npm's output when packing fails.
 */
export function packPackages(
  root: string,
  pkgs: readonly ReleasePackage[],
  destination: string,
  { env = process.env, ignoreScripts = false }: PackOptions = {},
): ReadonlyMap<string, string> {
  // With no workspace named, npm would pack the root package instead.
  if (pkgs.length === 0) return new Map();
  // Silent: npm's lifecycle banner would otherwise precede the JSON on stdout.
  const args = ["pack", "--json", "--loglevel=silent", "--pack-destination", destination];
  if (ignoreScripts) args.push("--ignore-scripts");
  for (const pkg of pkgs) args.push("--workspace", pkg.dir);
  const dirs = pkgs.map((pkg) => pkg.dir).join(", ");
  const packed = spawnSync("npm", args, { cwd: root, encoding: "utf8", env });
  if (packed.status !== 0) throw new Error(`npm pack failed in ${dirs}:\n${packed.stdout}${packed.stderr}`);
  const entries = JSON.parse(packed.stdout) as { name: string; filename: string }[];
  const tarballs = new Map(entries.map((entry) => [entry.name, join(destination, entry.filename)]));
  const missing = pkgs.filter((pkg) => !tarballs.has(pkg.name));
  if (missing.length > 0) throw new Error(`npm pack wrote no tarball for ${missing.map((pkg) => pkg.dir).join(", ")}`);
  return tarballs;
}

/** `packPackages` for one package: its tarball's path. */
export function packPackage(root: string, pkg: ReleasePackage, destination: string, options?: PackOptions): string {
  const tarball = packPackages(root, [pkg], destination, options).get(pkg.name);
  if (tarball === undefined) throw new Error(`npm pack wrote no tarball for ${pkg.dir}`);
  return tarball;
}
