// The serving bench's load generator: wrk (C, epoll, one thread), driven by serving-calls.lua.
// Clients on Node's fetch cost about as much CPU per call as the server they measure (900 µs
// against 800 to 1,300 µs on the bench machine), and on 2 cores that CPU is taken from the
// servers: it capped what a second worker could add. wrk costs 70 to 80 µs a call, Lua checks of
// every answer included. Debian and Ubuntu package it as `wrk`.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("serving-calls.lua", import.meta.url));

/** What one level of load gave: wrk's own figures and the script's count of answered calls. */
export interface WrkResult {
  readonly seconds: number;
  /** Calls answered with a tool result (status 200, structured content, not an error). */
  readonly answered: number;
  /** Calls that got an answer but not a tool result (a status other than 200, a JSON-RPC or tool error). */
  readonly failed: number;
  /** Calls that got no answer: connection errors and wrk's timeouts. */
  readonly unanswered: number;
  /** Each answered call's round trip (wrk's coordinated-omission correction undone: serving-calls.lua). */
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** wrk's own p99, corrected as if clients sent at a fixed rate. */
  readonly correctedP99Ms: number;
}

/** The wrk binary, or an error saying how to install it. */
export function wrkBinary(): string {
  if (spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined) return "wrk";
  throw new Error(
    "the serving section needs wrk (a native HTTP load generator): apt-get install -y wrk (Debian, Ubuntu), " +
      "brew install wrk (macOS)",
  );
}

interface WrkLine {
  durationUs: number;
  requests: number;
  answered: number;
  failed: number;
  connectErrors: number;
  readErrors: number;
  writeErrors: number;
  timeouts: number;
  recorded: number;
  p50Us: number;
  p90Us: number;
  p99Us: number;
  maxUs: number;
  correctedP99Us: number;
}

/**
 * `clients` connections, each sending its next call as soon as the last is answered, for `seconds`.
 * Asynchronous, so the bench keeps reading the servers' logs (a full pipe would stall them);
 * `onStart` gets wrk's process id.
 */
export function runWrk(
  url: URL,
  clients: number,
  seconds: number,
  onStart?: (pid: number) => void,
): Promise<WrkResult> {
  const args = ["-t1", `-c${clients}`, `-d${seconds}s`, "--timeout", "30s", "-s", script, url.href];
  return new Promise((resolve, reject) => {
    const child = spawn(wrkBinary(), args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRK_CONNECTIONS: String(clients) },
    });
    if (child.pid !== undefined) onStart?.(child.pid);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = stdout.split("\n").find((text) => text.startsWith('{"durationUs"'));
      if (code !== 0 || line === undefined) {
        reject(new Error(`wrk ${args.join(" ")} failed (exit ${code}):\n${stdout}${stderr}`));
        return;
      }
      const w = JSON.parse(line) as WrkLine;
      // Every call is in the histogram once undone, or counted as a timeout: else the undoing is wrong.
      if (w.recorded + w.timeouts !== w.requests) {
        reject(
          new Error(`wrk's latencies do not add up (${w.recorded} + ${w.timeouts} ≠ ${w.requests} calls): ${line}`),
        );
        return;
      }
      const ms = (us: number): number => us / 1000;
      resolve({
        seconds: w.durationUs / 1e6,
        answered: w.answered,
        failed: w.failed,
        unanswered: w.connectErrors + w.readErrors + w.writeErrors + w.timeouts,
        p50Ms: ms(w.p50Us),
        p90Ms: ms(w.p90Us),
        p99Ms: ms(w.p99Us),
        maxMs: ms(w.maxUs),
        correctedP99Ms: ms(w.correctedP99Us),
      });
    });
  });
}
