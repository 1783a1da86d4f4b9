// The `generate` executor: `toolcat generate` for one server's package. When Nx runs tasks in
// batches (`npm run generate` is `nx run-many -t generate --batch`), one `toolcat generate` process
// serves every server of the batch: the generators, ts-morph and the TypeScript compiler it bundles
// load once instead of once per package, which is most of what a small package's generation costs.
// Nx still hashes, caches and replays each package's task on its own.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

/**
 * Runs the workspace's own generators for `slugs`, its output captured for Nx's task log.
 * @param {readonly string[]} slugs
 * @param {string} root the workspace root
 * @returns {{ success: boolean, terminalOutput: string }}
 */
function generate(slugs, root) {
  const args = [join(root, "generators/bin/toolcat.js"), "generate", ...slugs.flatMap((slug) => ["--server", slug])];
  const run = spawnSync(process.execPath, [...args, "--quiet"], { cwd: root, encoding: "utf8" });
  const failure = run.error === undefined ? "" : `toolcat generate could not start: ${run.error.message}\n`;
  return { success: run.status === 0, terminalOutput: `${run.stdout ?? ""}${run.stderr ?? ""}${failure}` };
}

/** @typedef {{ server: string }} GenerateOptions */

/**
 * One package.
 * @param {GenerateOptions} options
 * @param {import("@nx/devkit").ExecutorContext} context
 * @returns {Promise<{ success: boolean }>}
 */
export async function generateOne(options, context) {
  const { success, terminalOutput } = generate([options.server], context.root);
  (success ? process.stdout : process.stderr).write(terminalOutput);
  return { success };
}

/**
 * Every package of a batch, in one process. A spec that does not load fails the whole run, so
 * then every task of the batch fails with the same report, which names the spec.
 * @param {import("@nx/devkit").TaskGraph} _taskGraph
 * @param {Record<string, GenerateOptions>} inputs options by task id
 * @param {unknown} _overrides
 * @param {import("@nx/devkit").ExecutorContext} context
 * @returns {Promise<Record<string, { success: boolean, terminalOutput: string }>>}
 */
export async function generateBatch(_taskGraph, inputs, _overrides, context) {
  const ids = Object.keys(inputs).sort();
  const result = generate(
    ids.map((id) => inputs[id]?.server ?? ""),
    context.root,
  );
  return Object.fromEntries(ids.map((id) => [id, result]));
}
