// A throwaway npm registry: Verdaccio on 127.0.0.1 with its own config and storage in a temp dir.
// @toolcat/* may be published anonymously (the token in the generated npmrc is never checked) and
// there are no uplinks, so everything a consumer installs must have been published to it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanEnv, run, type Result } from "../../support/process.ts";

export interface LocalRegistry {
  readonly url: string;
  /** Runs npm against this registry only, with a temporary user config and cache. */
  npm(args: readonly string[], cwd: string): Result;
  stop(): Promise<void>;
}

const config = (dir: string): string => `storage: ${join(dir, "storage")}
auth:
  htpasswd:
    file: ${join(dir, "htpasswd")}
uplinks: {}
packages:
  "@toolcat/*":
    access: $all
    publish: $all
    unpublish: $all
  "**":
    access: $all
log: { type: stdout, format: pretty, level: warn }
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function startVerdaccio(workspaceRoot: string): Promise<LocalRegistry> {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-verdaccio-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  writeFileSync(join(dir, "config.yaml"), config(dir));
  // npm refuses to publish without a token for the registry; Verdaccio lets anonymous publishes through.
  writeFileSync(join(dir, "npmrc"), `//127.0.0.1:${port}/:_authToken=fake-e2e-token\n`);
  const bin = join(workspaceRoot, "node_modules", "verdaccio", "bin", "verdaccio");
  const child = spawn(process.execPath, [bin, "--config", join(dir, "config.yaml"), "--listen", `127.0.0.1:${port}`], {
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited with ${child.exitCode}:\n${log}`);
    const answered = await fetch(`${url}-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`verdaccio did not answer on ${url} within 30 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    npm: (args, cwd) =>
      run(
        "npm",
        [
          ...args,
          "--registry",
          url,
          "--userconfig",
          join(dir, "npmrc"),
          "--cache",
          join(dir, "npm-cache"),
          "--update-notifier=false",
        ],
        cwd,
      ),
    stop,
  };
}
