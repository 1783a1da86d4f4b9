// Starting the CLI from source the way an MCP client starts the bin: node running the TypeScript
// (from-source.ts), the packages as module paths from the workspace root, the engine from the environment.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fromSource } from "./from-source.ts";
import { toolkitPaths, workspaceRoot } from "./toolkits.ts";

const main = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
export const cliArgs = (extra: readonly string[]): string[] => [...fromSource, main, ...toolkitPaths, ...extra];

export function cliEnv(engineUrl: string, apiKey: string): Record<string, string> {
  return { ...getDefaultEnvironment(), TOOLCAT_ENGINE_URL: engineUrl, TOOLCAT_API_KEY: apiKey };
}

export function stdioTransport(env: Record<string, string>, extra: readonly string[] = []): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: cliArgs(extra),
    cwd: workspaceRoot,
    env,
    stderr: "pipe",
  });
}

export interface RunningCli {
  readonly child: ChildProcess;
  /** Resolves to the exit code. */
  readonly exited: Promise<number | null>;
  stderr(): string;
}

export function spawnCli(env: Record<string, string>, extra: readonly string[]): RunningCli {
  const child = spawn(process.execPath, cliArgs(extra), { cwd: workspaceRoot, env, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** Waits for a line of the CLI's log and returns its match. */
export async function waitForLog(cli: RunningCli, pattern: RegExp, timeoutMs = 50_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(cli.stderr());
    if (match !== null) return match;
    if (cli.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the CLI never logged ${pattern}:\n${cli.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Where the CLI serves Streamable HTTP, from its log. */
export async function httpUrl(cli: RunningCli): Promise<URL> {
  return new URL((await waitForLog(cli, /serving .* at (http:\/\/\S+)/))[1] ?? "");
}
