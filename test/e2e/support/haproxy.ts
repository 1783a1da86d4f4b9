// HAProxy in front of toolcat-mcp processes, for the load-balancing test and the bench: the
// configuration docs/deployment.md gives (health checks on /readyz, a stick table on Mcp-Session-Id
// for 2025-era sessions, connection failures retried on another backend), HAProxy run in the
// foreground, and its view of each backend from the admin socket.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Backend {
  readonly name: string;
  readonly port: number;
}

export interface HaproxyOptions {
  readonly port: number;
  readonly backends: readonly Backend[];
  /** Admin socket, for `show stat`. */
  readonly socket: string;
  /** Health check interval; a backend is down after two failed checks and up after one good one. */
  readonly checkMs: number;
}

/** The configuration: the same as docs/deployment.md, with the test's ports, socket and check interval. */
export function haproxyConfig(options: HaproxyOptions): string {
  return `global
    stats socket ${options.socket} mode 600 level admin
    maxconn 4096

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-keep-alive 10s
    # Without it a check times out after its interval: a busy backend would be taken for a dead one.
    timeout check 5s
    # A request that never reached a backend (connection refused: killed, or draining) is sent to another.
    retries 3
    option redispatch 1

frontend mcp
    bind 127.0.0.1:${options.port}
    default_backend toolcat

backend toolcat
    balance roundrobin
    # A new connection per request: one a draining backend refuses is retried on another, where a
    # kept-alive one it closes could meet a request on its way and lose it.
    option http-server-close
    # 2025-era sessions live in one process: send a session's requests where it was created.
    stick-table type string len 64 size 100k expire 30m
    stick match req.hdr(mcp-session-id)
    stick store-response res.hdr(mcp-session-id)
    option httpchk
    http-check send meth GET uri /readyz
    http-check expect status 200
    # At most 64 requests at once per backend; more wait here (timeout queue), so a backend's event
    # loop answers health checks and calls in time instead of holding hundreds at once.
    timeout queue 30s
    default-server check inter ${options.checkMs}ms fall 2 rise 1 maxconn 64
${options.backends.map((backend) => `    server ${backend.name} 127.0.0.1:${backend.port}`).join("\n")}
`;
}

/** A port free now on 127.0.0.1 (HAProxy binds its own, so the test cannot pass it 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Where HAProxy is, or a message saying how to get it. */
export function haproxyBinary(): string {
  for (const candidate of ["haproxy", "/usr/sbin/haproxy"]) {
    if (spawnSync(candidate, ["-v"], { stdio: "ignore" }).status === 0) return candidate;
  }
  throw new Error(
    "HAProxy is not installed: apt-get install -y haproxy (Debian and Ubuntu), brew install haproxy (macOS)",
  );
}

export interface RunningHaproxy {
  readonly url: URL;
  /** The HAProxy process (the bench reads its CPU time). */
  readonly pid: number;
  /** Each backend's status as HAProxy sees it: UP, DOWN, … */
  status(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export async function startHaproxy(backends: readonly Backend[], checkMs: number): Promise<RunningHaproxy> {
  const binary = haproxyBinary();
  const dir = mkdtempSync(join(tmpdir(), "toolcat-haproxy-"));
  const socket = join(dir, "admin.sock");
  const port = await freePort();
  const file = join(dir, "haproxy.cfg");
  writeFileSync(file, haproxyConfig({ port, backends, socket, checkMs }));
  const child: ChildProcess = spawn(binary, ["-db", "-f", file], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const status = async (): Promise<Record<string, string>> => {
    const csv = await command(socket, "show stat");
    const rows = csv.split("\n").map((line) => line.split(","));
    return Object.fromEntries(
      rows
        .filter((row) => row[0] === "toolcat" && row[1] !== "BACKEND" && row[1] !== undefined)
        .map((row) => [row[1], row[17] ?? ""]),
    );
  };
  const running: RunningHaproxy = {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    pid: child.pid ?? 0,
    status,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // Ready once every backend passed a check.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const states = await status().catch(() => ({}) as Record<string, string>);
    if (backends.every((backend) => states[backend.name] === "UP")) return running;
    if (child.exitCode !== null || Date.now() > deadline) {
      await running.stop();
      throw new Error(`HAProxy did not see every backend up (${JSON.stringify(states)}):\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One admin-socket command's answer. */
function command(socket: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const connection = connect(socket, () => connection.end(`${text}\n`));
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => (answer += chunk));
    connection.once("end", () => resolve(answer));
    connection.once("error", reject);
  });
}
