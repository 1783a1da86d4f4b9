// Comparison tools that are not workspace dependencies. @hey-api/openapi-ts needs Node >= 22, so it
// runs under the registry's Node 22 binary (tools/ci/node-bin 22, as CI gets its Node binaries); it
// is installed once, at a pinned version, into the same cache directory outside the repository
// (TOOLCAT_NODE_CACHE, default ~/.cache/toolcat-node) with npm itself.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const heyApiVersion = "0.99.0";
const nodeMajor = "22";

const cache =
  process.env["TOOLCAT_NODE_CACHE"] ?? join(process.env["XDG_CACHE_HOME"] ?? join(homedir(), ".cache"), "toolcat-node");

function npmInstall(prefix: string, packages: readonly string[]): void {
  mkdirSync(prefix, { recursive: true });
  const run = spawnSync(
    "npm",
    ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", ...packages],
    {
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`npm install ${packages.join(" ")} failed\n${run.stderr.slice(-4000)}`);
}

/** The path of a Node binary of this major, from tools/ci/node-bin (which installs it on first use). */
export function nodeBin(major: string): string {
  const run = spawnSync(fileURLToPath(new URL("../ci/node-bin", import.meta.url)), [major], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`tools/ci/node-bin ${major} failed\n${run.stderr.slice(-4000)}`);
  return run.stdout.trim();
}

export interface HeyApi {
  readonly node: string;
  /** The CLI's entry module (its bin only re-spawns node on it, which would time two starts). */
  readonly cli: string;
  readonly version: string;
}

export function heyApi(): HeyApi {
  const node = nodeBin(nodeMajor);
  const prefix = join(cache, `hey-api-${heyApiVersion}`);
  const cli = join(prefix, "node_modules/@hey-api/openapi-ts/dist/run.mjs");
  // TypeScript is its peer dependency; the workspace's range keeps the comparison on one compiler.
  if (!existsSync(cli)) npmInstall(prefix, [`@hey-api/openapi-ts@${heyApiVersion}`, "typescript@~5.9.3"]);
  return { node, cli, version: heyApiVersion };
}
