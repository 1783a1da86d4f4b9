#!/usr/bin/env node
// Runs before the workspace's npm scripts (`pretest`, `pregenerate`, …): on a Node older than the
// root package.json `engines`, one line says which Node is needed and how to get it, instead of a
// dependency failing somewhere with a stack trace. (`npm ci` is stopped earlier by .npmrc's
// engine-strict.) Plain JavaScript that any Node since 12 parses, since it runs on the old one.
import { readFileSync } from "node:fs";

/**
 * The message for a Node that does not satisfy `range`, or undefined when it does.
 * @param {string} range the `engines.node` range, `>=<major>.<minor>`
 * @param {string} version the running Node's version, `v<major>.<minor>.<patch>`
 * @returns {string | undefined}
 */
export function nodeProblem(range, version) {
  const floor = /^>=(\d+)\.(\d+)$/.exec(range);
  if (floor === null) return `package.json engines.node is ${JSON.stringify(range)}, not >=<major>.<minor>`;
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [floorMajor, floorMinor] = [Number(floor[1]), Number(floor[2])];
  if (major > floorMajor || (major === floorMajor && minor >= floorMinor)) return undefined;
  return (
    `toolcat needs Node.js ${range}, this is ${version}: put Node 26 first on PATH with  export PATH="$(dirname ` +
    '"$(tools/ci/node-bin 26)"):$PATH"  and run the command again.'
  );
}

if (process.argv[1] !== undefined && new URL(import.meta.url).pathname === process.argv[1]) {
  const range = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).engines.node;
  const problem = nodeProblem(range, process.version);
  if (problem !== undefined) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
