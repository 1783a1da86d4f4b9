// Running commands for the e2e tests: captured output, and an environment cleaned of what an
// outer `npm test` and Nx run export for their own children: npm_config_* (a nested npm sees only
// the flags a test passes), NX_* (NX_WORKSPACE_ROOT and friends would point an Nx started in a
// workspace copy back at the real one), and forced colour (tests read the output).
import { spawn, spawnSync } from "node:child_process";

export interface Result {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout then stderr, for assertion messages. */
  readonly output: string;
}

export function cleanEnv(): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([key]) => !key.toLowerCase().startsWith("npm_config_") && !key.startsWith("NX_"),
  );
  return { ...Object.fromEntries(inherited), FORCE_COLOR: "0", NO_COLOR: "1" };
}

/** Runs a command to completion; `env` adds to the cleaned environment. */
export function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Result {
  const result = spawnSync(command, args, { cwd, env: { ...cleanEnv(), ...env }, encoding: "utf8" });
  if (result.error !== undefined) throw result.error;
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    output: `${result.stdout}${result.stderr}`,
  };
}

/** `run` without blocking the test's thread, for processes that must run side by side. */
export function runAsync(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...cleanEnv(), ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr, output: `${stdout}${stderr}` }));
  });
}
