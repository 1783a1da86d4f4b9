#!/usr/bin/env node
// toolcat-mcp: serve toolcat packages over stdio (default) or Streamable HTTP. stdout carries the
// protocol on stdio, so everything for people goes to stderr.
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { loadToolkit } from "../toolkit.js";
import { createMcpServerFactory, type McpServerFactory } from "../server.js";
import { version } from "../version.js";
import { parseCli, usage, UsageError, type CliConfig, type HttpConfig } from "./args.js";
import { readToken } from "./auth.js";
import { isClusterWorker, runPrimary } from "./cluster.js";
import { loadCode } from "./code.js";
import { engineTransport } from "./engine.js";
import { Readiness } from "./health.js";
import { isLoopback } from "./hosts.js";
import { serveHttp } from "./http.js";
import { createLogger, type Logger } from "./log.js";
import { requestLog } from "./request-log.js";
import { sandboxesPerProcess } from "./sandboxes.js";
import { boundedLines, type Rejection } from "./stdio.js";

// Text until the command line is read: a usage mistake is said in plain words.
let logger: Logger = createLogger("text");
const log = (message: string): void => logger.message(message);
const report = (error: Error): void => logger.message(error.message, "error");

async function serve(config: CliConfig): Promise<void> {
  logger = createLogger(config.logFormat);
  const http = config.http;
  // The primary of --workers serves nothing itself: its workers load the packages and say what fails.
  if (http !== undefined && http.workers > 1 && !isClusterWorker()) {
    warnings(config);
    return runPrimary(
      {
        workers: http.workers,
        shutdownTimeoutMs: http.shutdownDelayMs + http.shutdownTimeoutMs,
        serving: (url) => servingLine(config, url, http),
      },
      logger,
    );
  }
  const code = config.mode === "code" ? await loadCode() : undefined;
  const memoryBytes = config.codeLimits.memoryBytes ?? code?.defaultLimits.memoryBytes;
  if (code !== undefined && memoryBytes !== undefined)
    code.limitSandboxes(config.codeSandboxes ?? sandboxesPerProcess(http?.workers ?? 1, memoryBytes));
  const toolkits = await Promise.all(config.packages.map((specifier) => loadToolkit(specifier)));
  // Built up front, so a bad --tools pattern or a name clash fails at start, not per request.
  const factory = createMcpServerFactory({
    toolkit: toolkits,
    transport: engineTransport(config),
    secrets: config.secrets,
    ...(config.userId === undefined ? {} : { userId: config.userId }),
    ...(config.tools === undefined ? {} : { tools: config.tools }),
    readOnly: config.readOnly,
    ...(config.groups === undefined ? {} : { groups: config.groups }),
    nameStyle: config.nameStyle,
    mode: config.mode,
    codeLimits: config.codeLimits,
    code,
  });
  if (!isClusterWorker()) warnings(config);
  if (http === undefined) return serveOverStdio(factory, config);
  return serveOverHttp(factory, config, http);
}

/** Both eras on one connection: the SDK pins it to the era its first message speaks. */
function serveOverStdio(factory: McpServerFactory, config: CliConfig): void {
  const transport = new StdioServerTransport(boundedLines(process.stdin, rejectMessage), process.stdout);
  const handle = serveStdio(factory, { transport, onerror: report });
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    void handle.close().finally(() => process.exit(0));
  };
  process.stdin.once("end", shutdown);
  // A stream that fails cannot be read to the next message: say so and fail, never exit 0 quietly.
  process.stdin.once("error", (error) => {
    log(`stdin failed (${error.message}); stopping`);
    process.exit(1);
  });
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  log(`serving ${config.packages.join(", ")} over stdio`);
}

/**
 * Serves until SIGTERM or SIGINT, then drains. Alone, it listens at once and /readyz says ready once
 * warm; as a --workers worker it warms up first, since the primary hands connections to any
 * listening worker, and it serves 2025-era clients without sessions (cluster.ts says why).
 */
async function serveOverHttp(factory: McpServerFactory, config: CliConfig, http: HttpConfig): Promise<void> {
  const token = http.authTokenFile === undefined ? undefined : await readToken(http.authTokenFile);
  const worker = isClusterWorker();
  if (http.noAuth && !isLoopback(http.host) && !worker) {
    log(
      `warning: --no-auth: anyone who can reach ${http.host} can call every tool served; put an authenticating ` +
        "proxy in front",
    );
  }
  const readiness = new Readiness();
  if (worker) await factory.warm();
  const requests = config.logFormat === "json" ? requestLog(logger, new Set(factory.toolNames)) : undefined;
  const endpoint = await serveHttp(
    factory,
    { ...http, token, readiness, requestLog: requests, legacySessions: !worker },
    report,
  );
  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    void endpoint
      .shutdown(http.shutdownTimeoutMs, http.shutdownDelayMs)
      .then((cut) => {
        if (cut > 0)
          log(`stopped with ${cut} request(s) unfinished after --shutdown-timeout-ms ${http.shutdownTimeoutMs}`);
      })
      .finally(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  // A worker whose primary is gone has no one to hand it connections or stop it.
  if (worker) process.once("disconnect", shutdown);
  else log(servingLine(config, endpoint.url, http));
  try {
    await factory.warm();
  } catch (error) {
    await endpoint.close();
    throw error;
  }
  readiness.ready();
}

function servingLine(config: CliConfig, url: string, http: HttpConfig): string {
  const workers = http.workers > 1 ? `, ${http.workers} workers` : "";
  return (
    `serving ${config.packages.join(", ")} at ` +
    `${url}${http.authTokenFile === undefined ? "" : " (bearer token required)"}${workers}`
  );
}

/** Answers a message that never reached the server, and notes it for the person running it. */
function rejectMessage({ id, code, message }: Rejection): void {
  log(message);
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
}

function warnings(config: CliConfig): void {
  config.deprecated.forEach(log);
  if (config.engine === undefined)
    log("no engine configured (TOOLCAT_ENGINE_URL, TOOLCAT_API_KEY): tools list, but every call will fail");
  if (Object.keys(config.secrets).length > 0 && config.engine !== undefined) {
    log("note: the engine holds tool secrets; the HTTP transport does not send --secret values to it");
  }
}

async function main(): Promise<number | undefined> {
  try {
    const parsed = parseCli(process.argv.slice(2), process.env);
    if (parsed.kind !== "serve") {
      process.stdout.write(parsed.kind === "help" ? usage : `${version}\n`);
      return 0;
    }
    await serve(parsed.config);
    return undefined;
  } catch (error) {
    if (error instanceof UsageError) {
      log(`${error.message}\n\n${usage}`);
      return 2;
    }
    log(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

const code = await main();
if (code !== undefined) process.exitCode = code;
