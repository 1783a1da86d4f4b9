// Section 11: what `npm install <package>` puts on a consumer's disk: the package as `npm pack` ships
// it plus every production dependency it pulls in (dependencies and required peers, which npm
// installs; optional peers are left out, as npm leaves them out), each counted once, sized from the
// workspace's own node_modules. "Before" takes each package's dependency lists as they were at
// `installBase`, resolved the same way, so only what the packages declare differs.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { releasePackages } from "../../generators/src/release/packages.ts";
import { git } from "./build-at.ts";
import { workspaceRoot } from "./measure.ts";

/**
 * "Before" for lean installs: main before @toolcat/code became an optional peer. `BENCH_INSTALL_BASE` picks another
 * commit.
 */
export const installBase = process.env["BENCH_INSTALL_BASE"] ?? "4674d6b";

/** @toolcat/mcp without code mode must install in at most this many bytes. */
export const mcpInstallTarget = 5 * 1024 * 1024;

export interface InstallSize {
  /** What is installed: one package, or several together (`@toolcat/mcp + @toolcat/code`). */
  readonly name: string;
  readonly bytes: number;
  /** Packages installed besides the named ones. */
  readonly dependencies: number;
  readonly hasTsc: boolean;
  readonly before: Closure;
}

export interface Closure {
  readonly bytes: number;
  readonly dependencies: number;
  readonly hasTsc: boolean;
  /**
   * Packages the lists declare that this install does not hold (an earlier commit's dependency that
   * the lockfile has since dropped): named, not counted.
   */
  readonly unresolved?: readonly string[];
}

export interface InstallResult {
  readonly base: string;
  readonly packages: readonly InstallSize[];
}

interface Manifest {
  readonly name: string;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { readonly optional?: boolean }>;
  readonly bin?: string | Record<string, string>;
}

/** The names npm installs with a package: its dependencies and its peers that are not optional. */
function installedWith(manifest: Manifest): string[] {
  const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
    (name) => manifest.peerDependenciesMeta?.[name]?.optional !== true,
  );
  return [...Object.keys(manifest.dependencies ?? {}), ...peers];
}

/** The directory Node would load `name` from, starting at `from` and walking up node_modules; undefined if none. */
function resolveFrom(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Bytes of a directory's files, nested node_modules left out (each installed package is counted on its own). */
function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += directoryBytes(path);
    else if (entry.isFile()) total += lstatSync(path).size;
  }
  return total;
}

/** Unpacked bytes of a workspace package as `npm pack` would ship it (dist/ must be built). */
function packedBytes(dir: string): number {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", "--loglevel=silent"], {
    cwd: dir,
    encoding: "utf8",
  });
  const [report] = JSON.parse(out) as { unpackedSize: number }[];
  return report!.unpackedSize;
}

/** Workspace package directories by npm name, and their package.json as of `revision` (now when undefined). */
function workspaceManifests(revision: string | undefined): Map<string, { dir: string; manifest: Manifest }> {
  const read = (dir: string): Manifest =>
    JSON.parse(
      revision === undefined
        ? readFileSync(join(workspaceRoot, dir, "package.json"), "utf8")
        : git("show", `${revision}:${dir}/package.json`),
    ) as Manifest;
  return new Map(
    releasePackages(workspaceRoot).map((pkg) => [
      pkg.name,
      { dir: join(workspaceRoot, pkg.dir), manifest: read(pkg.dir) },
    ]),
  );
}

export interface Located {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly bytes: number;
}

/** Installs of a set of packages: each, and what it pulls in, located once and counted once. */
export function closure(
  names: readonly string[],
  root: string,
  locate: (name: string, from: string) => Located | undefined,
): Closure {
  const seen = new Map<string, number>();
  const unresolved = new Set<string>();
  let hasTsc = false;
  const visit = (name: string, from: string): void => {
    if (seen.has(name) || unresolved.has(name)) return;
    const located = locate(name, from);
    if (located === undefined) {
      unresolved.add(name);
      return;
    }
    const { dir, manifest, bytes } = located;
    seen.set(name, bytes);
    const bins = typeof manifest.bin === "string" ? [manifest.name] : Object.keys(manifest.bin ?? {});
    if (bins.includes("tsc")) hasTsc = true;
    for (const dependency of installedWith(manifest)) visit(dependency, dir);
  };
  for (const name of names) visit(name, root);
  const bytes = [...seen.values()].reduce((a, b) => a + b, 0);
  const missing = [...unresolved].sort();
  return {
    bytes,
    dependencies: seen.size - names.length,
    hasTsc,
    ...(missing.length > 0 ? { unresolved: missing } : {}),
  };
}

/** A package as Node finds it from `from`, sized as installed; undefined when this install does not hold it. */
function installed(name: string, from: string): Located | undefined {
  const dir = resolveFrom(from, name);
  if (dir === undefined) return undefined;
  return {
    dir,
    manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest,
    bytes: directoryBytes(dir),
  };
}

/**
 * What an install outside the workspace put on disk for `name`: the package and every production
 * dependency it pulled in, found as Node finds them from the project at `root`.
 */
export function installedSize(root: string, name: string): Closure {
  return complete(closure([name], root, installed), root);
}

/** A closure of today's lists, which must resolve in full: an earlier commit's may name what is gone. */
function complete(size: Closure, root: string): Closure {
  if (size.unresolved !== undefined) throw new Error(`cannot resolve ${size.unresolved.join(", ")} from ${root}`);
  return size;
}

function measure(
  names: readonly string[],
  workspace: ReturnType<typeof workspaceManifests>,
  packed: Map<string, number>,
): Closure {
  return closure(names, workspaceRoot, (name, from) => {
    const own = workspace.get(name);
    if (own === undefined) return installed(name, from);
    if (!packed.has(name)) packed.set(name, packedBytes(own.dir));
    return { dir: own.dir, manifest: own.manifest, bytes: packed.get(name)! };
  });
}

export function benchInstallSize(): InstallResult {
  const now = workspaceManifests(undefined);
  const before = workspaceManifests(installBase);
  const packed = new Map<string, number>();
  const sets = [...[...now.keys()].map((name) => [name]), ["@toolcat/mcp", "@toolcat/code"]];
  const packages = sets.map((names): InstallSize => ({
    name: names.join(" + "),
    ...complete(measure(names, now, packed), workspaceRoot),
    before: measure(names, before, packed),
  }));
  return { base: installBase, packages };
}
