// A throwaway copy of the workspace for end-to-end tests, with a way to run commands in it.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { copyTree } from "./copy-tree.ts";
import { workspaceRoot } from "./packages.ts";

export interface WorkspaceCopy {
  readonly root: string;
  /** Runs a command in the copy; never throws on a non-zero exit. */
  run(command: string, args: readonly string[], env?: Record<string, string>): { status: number; stdout: string; stderr: string };
  remove(): void;
}

/**
 * The environment without the variables an outer Nx run sets for its tasks (NX_WORKSPACE_ROOT and
 * friends): inherited, they would point an Nx started in the copy back at the real workspace.
 * Colour is switched off too (an outer Nx forces it), so tests can read the output.
 */
function outsideNx(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("NX_")));
}

export function copyWorkspace(prefix = "toolcat-e2e-"): WorkspaceCopy {
  const root = copyTree(workspaceRoot, prefix);
  return {
    root,
    run(command, args, env = {}) {
      const result = spawnSync(command, args, { cwd: root, encoding: "utf8", env: { ...outsideNx(), NX_DAEMON: "false", NX_NO_CLOUD: "true", FORCE_COLOR: "0", NO_COLOR: "1", ...env } });
      return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
