// Running commands for the e2e tests: captured output, and an environment without the npm_config_*
// variables an outer `npm test` exports, so a nested npm sees only the flags a test passes.
import { spawnSync } from "node:child_process";

export interface Result {
  readonly status: number | null;
  readonly stdout: string;
  /** stdout then stderr, for assertion messages. */
  readonly output: string;
}

export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_config_")));
}

export function run(command: string, args: readonly string[], cwd: string): Result {
  const result = spawnSync(command, args, { cwd, env: { ...cleanEnv(), NO_COLOR: "1" }, encoding: "utf8" });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, stdout: result.stdout, output: `${result.stdout}${result.stderr}` };
}
