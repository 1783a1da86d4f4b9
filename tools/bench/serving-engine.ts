// The engine the serving bench's servers call (the runtime's HTTP transport): every tool answers a
// fixed value at once. HAProxy answers it itself (`http-request return`), so the engine, like the
// load generator, takes little of the 2-core machine from the servers it measures (about 3% of a
// server's CPU time per call, where a Node engine took 5 to 7%). Kept-alive connections outlive the
// servers' idle pools, so a connection is never closed under a call reusing it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, haproxyBinary } from "../../test/e2e/support/haproxy.ts";

export interface Engine {
  readonly url: string;
  readonly apiKey: string;
  /** The HAProxy process answering (the bench reads its CPU time). */
  readonly pid: number;
  close(): Promise<void>;
}

const answer = JSON.stringify({
  success: true,
  output: {
    value: {
      rows: [
        ["Name", "Score"],
        ["Ada", 36],
      ],
    },
  },
});

export async function startEngine(): Promise<Engine> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-engine-"));
  const file = join(dir, "engine.cfg");
  writeFileSync(
    file,
    `global
    maxconn 4096

defaults
    mode http
    timeout connect 2s
    timeout client 120s
    timeout server 120s
    timeout http-keep-alive 120s

frontend engine
    bind 127.0.0.1:${port}
    http-request return status 200 content-type application/json string ${JSON.stringify(answer)}
`,
  );
  const child = spawn(haproxyBinary(), ["-db", "-f", file], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const close = async (): Promise<void> => {
    child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await fetch(url, { method: "POST", body: "{}" }).then(
      async (response) => (await response.text()) === answer,
      () => false,
    );
    if (up) return { url, apiKey: "bench-engine-key", pid: child.pid ?? 0, close };
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`the bench engine (HAProxy) did not start:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
