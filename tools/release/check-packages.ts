// Pre-publish quality gate: builds every release package, packs it exactly as `npm publish` would,
// and lints the tarball with publint and Are the Types Wrong. Exits 1 on any error.
//
//   npx tsx tools/release/check-packages.ts [--skip-build] [--projects <name|slug>,...]
//
// The packages are ESM-only, so attw runs with the esm-only profile (CommonJS `require` of them
// is not supported and not reported). publint warnings fail the check too (--strict).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { findRoot } from "../../generators/src/pipeline/workspace.ts";
import { packPackage, releasePackages, type ReleasePackage } from "../../generators/src/release/packages.ts";

const { values } = parseArgs({
  options: { "skip-build": { type: "boolean", default: false }, projects: { type: "string" } },
});
const root = findRoot(process.cwd());
const bin = (name: string): string => join(root, "node_modules", ".bin", name);

interface Run {
  readonly ok: boolean;
  readonly stdout: string;
  /** stdout and stderr, for failure reports. */
  readonly output: string;
}

function run(command: string, args: readonly string[], cwd: string): Run {
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  return { ok: result.status === 0, stdout: result.stdout, output: `${result.stdout}${result.stderr}`.trim() };
}

function attw(tarball: string): Run {
  const result = run(bin("attw"), [tarball, "--profile", "esm-only", "--format", "ascii", "--no-emoji"], root);
  // attw exits 0 for a package without types; ours must ship them, so that is a failure here.
  return result.output.includes("does not contain types") ? { ...result, ok: false } : result;
}

function check(pkg: ReleasePackage, destination: string): boolean {
  const tarball = packPackage(root, pkg, destination);
  const checks = [
    { name: "publint", result: run(bin("publint"), ["run", tarball, "--strict"], root) },
    { name: "attw", result: attw(tarball) },
  ];
  for (const { name, result } of checks) {
    process.stdout.write(`${result.ok ? "ok  " : "FAIL"} ${pkg.name} ${name}\n`);
    if (!result.ok) process.stdout.write(`${result.output.replace(/^/gm, "     ")}\n`);
  }
  return checks.every((c) => c.result.ok);
}

const packages = releasePackages(root, values.projects?.split(","));
if (!values["skip-build"]) {
  const build = spawnSync(
    "npx",
    ["nx", "run-many", "-t", "build", `--projects=${packages.map((p) => p.name).join(",")}`],
    { cwd: root, stdio: "inherit" },
  );
  if (build.status !== 0) process.exit(1);
}
const destination = mkdtempSync(join(tmpdir(), "toolcat-pack-"));
try {
  const failed = packages.filter((pkg) => !check(pkg, destination));
  process.stdout.write(
    failed.length === 0
      ? `${packages.length} package(s): publint and attw found no problems\n`
      : `${failed.length} of ${packages.length} package(s) failed: ${failed.map((p) => p.name).join(", ")}\n`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
} finally {
  rmSync(destination, { recursive: true, force: true });
}
