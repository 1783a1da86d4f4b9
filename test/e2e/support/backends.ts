// toolcat-mcp processes as a deployment runs them: the built command (bin, dist) serving the
// installed @toolcat/cloud-sheets, on 127.0.0.1 with a port of its own, JSON logs on stderr.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = fileURLToPath(new URL("../../../packages/mcp/bin/toolcat-mcp.js", import.meta.url));

export interface RunningBackend {
  readonly child: ChildProcess;
  readonly port: number;
  /** Resolves to the exit code (null when ended by a signal). */
  readonly exited: Promise<number | null>;
  /** The request lines logged so far. */
  requests(): RequestLine[];
  stderr(): string;
}

export interface RequestLine {
  readonly pid: number;
  readonly method: string | null;
  readonly tool: string | null;
  readonly status: number | string;
}

export async function startBackend(
  engine: { url: string; apiKey: string },
  extra: readonly string[] = [],
): Promise<RunningBackend> {
  const env = { ...process.env, TOOLCAT_ENGINE_URL: engine.url, TOOLCAT_API_KEY: engine.apiKey };
  const child = spawn(
    process.execPath,
    [bin, "@toolcat/cloud-sheets", "--http", "0", "--log-format", "json", "--shutdown-timeout-ms", "10000", ...extra],
    {
      cwd: root,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  let port: number | undefined;
  while (port === undefined) {
    const match = /serving .* at http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(stderr);
    if (match !== null) port = Number(match[1]);
    else if (child.exitCode !== null || Date.now() > deadline) throw new Error(`toolcat-mcp did not start:\n${stderr}`);
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    port,
    exited,
    stderr: () => stderr,
    requests: () =>
      stderr
        .split("\n")
        .filter((line) => line.includes('"request":'))
        .map((line) => JSON.parse(line) as RequestLine),
  };
}
