// A throwaway copy of the workspace for end-to-end tests, with a way to run commands in it.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { copyTree } from "./copy-tree.ts";
import { cleanEnv } from "./process.ts";
import { workspaceRoot } from "./packages.ts";

export interface WorkspaceCopy {
  readonly root: string;
  /** Runs a command in the copy; never throws on a non-zero exit. */
  run(
    command: string,
    args: readonly string[],
    env?: Record<string, string>,
  ): { status: number; stdout: string; stderr: string };
  remove(): void;
}

export function copyWorkspace(prefix = "toolcat-e2e-"): WorkspaceCopy {
  const root = copyTree(workspaceRoot, prefix);
  return {
    root,
    run(command, args, env = {}) {
      const result = spawnSync(command, args, {
        cwd: root,
        encoding: "utf8",
        env: { ...cleanEnv(), NX_DAEMON: "false", NX_NO_CLOUD: "true", ...env },
      });
      return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
