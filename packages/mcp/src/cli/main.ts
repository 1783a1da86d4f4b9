#!/usr/bin/env node
// toolcat-mcp: serve toolcat packages over stdio (default) or Streamable HTTP. stdout carries the
// protocol on stdio, so everything for people goes to stderr.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadToolkit } from "../toolkit.js";
import { createMcpServer } from "../server.js";
import { version } from "../version.js";
import { parseCli, usage, UsageError, type CliConfig } from "./args.js";
import { engineTransport } from "./engine.js";
import { serveHttp } from "./http.js";
import { boundedLines, type Rejection } from "./stdio.js";

const log = (message: string): void => void process.stderr.write(`toolcat-mcp: ${message}\n`);

async function serve(config: CliConfig): Promise<void> {
  const toolkits = await Promise.all(config.packages.map((specifier) => loadToolkit(specifier)));
  const transport = engineTransport(config);
  const newServer = () =>
    createMcpServer({
      toolkit: toolkits,
      transport,
      secrets: config.secrets,
      ...(config.userId === undefined ? {} : { userId: config.userId }),
      ...(config.tools === undefined ? {} : { tools: config.tools }),
      readOnly: config.readOnly,
      ...(config.groups === undefined ? {} : { groups: config.groups }),
      nameStyle: config.nameStyle,
      mode: config.mode,
      codeLimits: config.codeLimits,
    });
  // Built once up front so a bad --tools pattern or a name clash fails at start, not per session.
  const first = newServer();
  warnings(config);

  if (config.http === undefined) {
    const stdio = new StdioServerTransport(boundedLines(process.stdin, rejectMessage), process.stdout);
    let closing = false;
    const shutdown = (): void => {
      if (closing) return;
      closing = true;
      void first.close().finally(() => process.exit(0));
    };
    first.onclose = shutdown;
    process.stdin.once("end", shutdown);
    // A stream that fails cannot be read to the next message: say so and fail, never exit 0 quietly.
    process.stdin.once("error", (error) => {
      log(`stdin failed (${error.message}); stopping`);
      process.exit(1);
    });
    process.once("SIGINT", shutdown);
    process.once("SIGTERM", shutdown);
    await first.connect(stdio);
    log(`serving ${config.packages.join(", ")} over stdio`);
    return;
  }
  await first.close();
  const endpoint = await serveHttp(newServer, config.http.port, config.http.host);
  const shutdown = (): void => void endpoint.close().finally(() => process.exit(0));
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  log(`serving ${config.packages.join(", ")} at ${endpoint.url}`);
}

/** Answers a message that never reached the server, and notes it for the person running it. */
function rejectMessage({ id, code, message }: Rejection): void {
  log(message);
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
}

function warnings(config: CliConfig): void {
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
