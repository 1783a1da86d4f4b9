#!/usr/bin/env node
// toolcat-mcp: serve toolcat packages over stdio (default) or Streamable HTTP. stdout carries the
// protocol on stdio, so everything for people goes to stderr.
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { loadToolkit } from "../toolkit.js";
import { createMcpServerFactory } from "../server.js";
import { version } from "../version.js";
import { parseCli, usage, UsageError, type CliConfig, type HttpConfig } from "./args.js";
import { readToken } from "./auth.js";
import { loadCode } from "./code.js";
import { engineTransport } from "./engine.js";
import { isLoopback } from "./hosts.js";
import { serveHttp } from "./http.js";
import { boundedLines, type Rejection } from "./stdio.js";

const log = (message: string): void => void process.stderr.write(`toolcat-mcp: ${message}\n`);
const report = (error: Error): void => log(error.message);

async function serve(config: CliConfig): Promise<void> {
  const toolkits = await Promise.all(config.packages.map((specifier) => loadToolkit(specifier)));
  const code = config.mode === "code" ? await loadCode() : undefined;
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
  warnings(config);
  if (config.http === undefined) return serveOverStdio(factory, config);
  return serveOverHttp(factory, config, config.http);
}

/** Both eras on one connection: the SDK pins it to the era its first message speaks. */
function serveOverStdio(factory: ReturnType<typeof createMcpServerFactory>, config: CliConfig): void {
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

async function serveOverHttp(factory: ReturnType<typeof createMcpServerFactory>, config: CliConfig, http: HttpConfig): Promise<void> {
  const token = http.authTokenFile === undefined ? undefined : await readToken(http.authTokenFile);
  if (http.noAuth && !isLoopback(http.host)) {
    log(`warning: --no-auth: anyone who can reach ${http.host} can call every tool served; put an authenticating proxy in front`);
  }
  const endpoint = await serveHttp(factory, { ...http, token }, report);
  const shutdown = (): void => void endpoint.close().finally(() => process.exit(0));
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  log(`serving ${config.packages.join(", ")} at ${endpoint.url}${token === undefined ? "" : " (bearer token required)"}`);
}

/** Answers a message that never reached the server, and notes it for the person running it. */
function rejectMessage({ id, code, message }: Rejection): void {
  log(message);
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
}

function warnings(config: CliConfig): void {
  config.deprecated.forEach(log);
  if (config.engine === undefined) log("no engine configured (TOOLCAT_ENGINE_URL, TOOLCAT_API_KEY): tools list, but every call will fail");
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
