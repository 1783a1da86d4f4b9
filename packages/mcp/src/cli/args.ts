// The command line: flags first, then environment variables. Parsing never exits; main.ts decides.
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { DEFAULT_MAX_REQUEST_BODY_SIZE } from "@modelcontextprotocol/server";
import type { CodeLimits } from "@toolcat/code";
import type { NameStyle } from "../names.js";
import type { ServeMode } from "../server.js";
import { isLoopback } from "./hosts.js";

/** How the CLI serves Streamable HTTP. */
export interface HttpConfig {
  readonly port: number;
  readonly host: string;
  /** A file holding the bearer token clients must send; absent without authentication. */
  readonly authTokenFile: string | undefined;
  /** --no-auth: serve a non-loopback address without authentication, on purpose. */
  readonly noAuth: boolean;
  /** Host names clients may reach the server by, besides the bound address (and localhost on loopback). */
  readonly allowedHosts: readonly string[];
  /** Live 2025-era sessions at most; a new one beyond it is refused with 503. */
  readonly maxSessions: number;
  /** A 2025-era session unused this long is closed; its client gets 404 and starts a new one. */
  readonly sessionIdleMs: number;
  /** The largest request body; a larger one is refused with 413. */
  readonly maxBodyBytes: number;
  /** The time a client has to send a whole request; a slower one gets 408. */
  readonly requestTimeoutMs: number;
  /** Processes serving the port (node:cluster); 1 serves from this process alone. */
  readonly workers: number;
  /** On SIGTERM, how long calls in flight may take to finish before their connections are closed. */
  readonly shutdownTimeoutMs: number;
  /** On SIGTERM, how long to keep serving with /readyz failing before no longer accepting, so balancers stop first. */
  readonly shutdownDelayMs: number;
}

/** `text`: plain lines for people; `json`: one JSON object a line, and one line per HTTP request. */
export type LogFormat = "text" | "json";

export interface CliConfig {
  readonly packages: readonly string[];
  /** Streamable HTTP; stdio when absent. */
  readonly http: HttpConfig | undefined;
  /** The engine the runtime's HTTP transport calls; absent when not configured. */
  readonly engine: { readonly baseUrl: string; readonly apiKey: string } | undefined;
  readonly userId: string | undefined;
  readonly secrets: Readonly<Record<string, string>>;
  readonly tools: readonly string[] | undefined;
  readonly readOnly: boolean;
  readonly groups: readonly string[] | undefined;
  readonly nameStyle: NameStyle;
  readonly mode: ServeMode;
  /** With --mode code: the limits given by flags; the runner's defaults for the rest. */
  readonly codeLimits: Partial<CodeLimits>;
  /** With --mode code: sandboxes one process runs at once; undefined sizes them from memory. */
  readonly codeSandboxes: number | undefined;
  readonly logFormat: LogFormat;
  /** One line per deprecated name used, naming its replacement. */
  readonly deprecated: readonly string[];
}

export type ParsedArgs =
  { readonly kind: "help" } | { readonly kind: "version" } | { readonly kind: "serve"; readonly config: CliConfig };

/** A usage mistake: printed with the usage hint and exit code 2. */
export class UsageError extends Error {}

export const usage = `Usage: toolcat-mcp [options] <package> [<package>...]

Serves toolcat tool server packages (such as @toolcat/cloud-sheets) over the Model Context Protocol.
A package is an npm name, resolved from the working directory, or a path to a module.

Options:
  --http <port>          serve Streamable HTTP at http://<host>:<port>/mcp instead of stdio
  --host <host>          address to bind with --http (default 127.0.0.1); any other than loopback
                         needs --auth-token-file or --no-auth
  --auth-token-file <f>  with --http: clients must send "Authorization: Bearer <token>", the token being
                         the file's first line
  --no-auth              with --http: serve a non-loopback address without authentication (behind a proxy
                         that authenticates); a warning is printed
  --allowed-hosts <list> with --http: comma-separated host names clients reach the server by (such as
                         mcp.example.com), besides the bound address; other Host headers get 403
  --max-sessions <n>     with --http: live sessions of 2025-era clients (default 100); more get 503
  --session-idle-ms <n>  with --http: close a 2025-era session unused this long (default 1800000)
  --max-body-bytes <n>   with --http: largest request body (default 4194304); larger get 413
  --request-timeout-ms <n> with --http: time to send a whole request (default 30000); slower get 408
  --workers <n|auto>     with --http: serve the port from n processes (auto: one per core; default 1)
  --shutdown-timeout-ms <n> with --http: on SIGTERM, time calls in flight get to finish (default 10000)
  --shutdown-delay-ms <n> with --http: on SIGTERM, keep serving this long with /readyz failing, so a
                         balancer stops sending first (default 0)
  --engine-url <url>     engine that runs the tools (env TOOLCAT_ENGINE_URL)
  --api-key <key>        engine API key (env TOOLCAT_API_KEY; prefer the variable: flags show in ps)
  --user-id <id>         user the calls act for (env TOOLCAT_USER_ID)
  --secret NAME=VALUE    a tool secret, repeatable; a variable of the same name also works
  --tools <list>         comma-separated tool names or globs (* and ?), short, full or model form
  --read-only            only tools annotated readOnlyHint: true
  --groups <list>        comma-separated groups (topic headings, such as candidates); other: tools without one
  --mode <mode>          tools (list every tool, default), search (search_tools, describe_tools, call_tool)
                         or code (search_tools, describe_tools, execute_code: run a TypeScript program)
  --code-timeout-ms <n>  with --mode code: wall time of one program, calls included (default 30000)
  --code-max-calls <n>   with --mode code: tool calls one program may make (default 50)
  --code-sandboxes <n>   with --mode code: programs one process runs at once (default: sized from memory)
  --log-format <format>  text (default) or json: one JSON object a line on stderr, one line per HTTP request
  --name-style <style>   model (CloudSheets_GetSpreadsheet, default) or full (CloudSheets.GetSpreadsheet)
  -h, --help             show this help
  -v, --version          show the version
`;

/**
 * --engine-url, else TOOLCAT_ENGINE_URL; --base-url and TOOLCAT_BASE_URL, the names
 * `toolcat schemas pull` once read, still count (a flag before any variable), with a deprecation line.
 */
function engineUrl(
  values: { readonly "engine-url"?: string | undefined; readonly "base-url"?: string | undefined },
  env: NodeJS.ProcessEnv,
): { url: string | undefined; deprecated: string[] } {
  const given: ReadonlyArray<readonly [string, string | undefined, string?]> = [
    ["--engine-url", values["engine-url"]],
    ["--base-url", values["base-url"], "--engine-url"],
    ["TOOLCAT_ENGINE_URL", env.TOOLCAT_ENGINE_URL],
    ["TOOLCAT_BASE_URL", env.TOOLCAT_BASE_URL, "TOOLCAT_ENGINE_URL"],
  ];
  const found = given.find(([, value]) => value !== undefined);
  if (found === undefined) return { url: undefined, deprecated: [] };
  const [name, url, instead] = found;
  return { url, deprecated: instead === undefined ? [] : [`warning: ${name} is deprecated; use ${instead}`] };
}

export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        http: { type: "string" },
        host: { type: "string" },
        "auth-token-file": { type: "string" },
        "no-auth": { type: "boolean" },
        "allowed-hosts": { type: "string" },
        "max-sessions": { type: "string" },
        "session-idle-ms": { type: "string" },
        "max-body-bytes": { type: "string" },
        "request-timeout-ms": { type: "string" },
        workers: { type: "string" },
        "shutdown-timeout-ms": { type: "string" },
        "shutdown-delay-ms": { type: "string" },
        "code-sandboxes": { type: "string" },
        "log-format": { type: "string" },
        "engine-url": { type: "string" },
        // The engine's address under the name `toolcat schemas pull` once used: still read, with a warning.
        "base-url": { type: "string" },
        "api-key": { type: "string" },
        "user-id": { type: "string" },
        secret: { type: "string", multiple: true },
        tools: { type: "string" },
        "read-only": { type: "boolean" },
        groups: { type: "string" },
        mode: { type: "string" },
        "name-style": { type: "string" },
        "code-timeout-ms": { type: "string" },
        "code-max-calls": { type: "string" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: "help" };
  if (values.version === true) return { kind: "version" };
  if (positionals.length === 0)
    throw new UsageError("name at least one package to serve, such as @toolcat/cloud-sheets");

  const { url: baseUrl, deprecated } = engineUrl(values, env);
  const apiKey = values["api-key"] ?? env.TOOLCAT_API_KEY;
  if ((baseUrl === undefined) !== (apiKey === undefined)) {
    throw new UsageError("the engine needs both a URL (--engine-url) and an API key (--api-key or TOOLCAT_API_KEY)");
  }
  const userId = values["user-id"] ?? env.TOOLCAT_USER_ID;
  const mode = parseMode(values.mode ?? "tools");
  const codeLimits = {
    ...(values["code-timeout-ms"] === undefined
      ? {}
      : { wallMs: parseCount("--code-timeout-ms", values["code-timeout-ms"]) }),
    ...(values["code-max-calls"] === undefined
      ? {}
      : { toolCalls: parseCount("--code-max-calls", values["code-max-calls"]) }),
  };
  const codeSandboxes =
    values["code-sandboxes"] === undefined ? undefined : parseCount("--code-sandboxes", values["code-sandboxes"]);
  // A limit that cannot apply is a mistake worth hearing about: the programs it was meant for run elsewhere.
  if (mode !== "code" && (Object.keys(codeLimits).length > 0 || codeSandboxes !== undefined)) {
    throw new UsageError("--code-timeout-ms, --code-max-calls and --code-sandboxes apply to --mode code only");
  }
  return {
    kind: "serve",
    config: {
      packages: positionals,
      http: parseHttp(values),
      engine: baseUrl === undefined || apiKey === undefined ? undefined : { baseUrl: parseUrl(baseUrl), apiKey },
      deprecated,
      userId,
      secrets: parseSecrets(values.secret ?? []),
      tools: list(values.tools),
      readOnly: values["read-only"] === true,
      groups: list(values.groups),
      nameStyle: parseNameStyle(values["name-style"] ?? "model"),
      mode,
      codeLimits,
      codeSandboxes,
      logFormat: parseLogFormat(values["log-format"] ?? "text"),
    },
  };
}

/** What --http serves with unless told otherwise. */
export const httpDefaults = {
  maxSessions: 100,
  sessionIdleMs: 1_800_000,
  maxBodyBytes: DEFAULT_MAX_REQUEST_BODY_SIZE,
  requestTimeoutMs: 30_000,
  workers: 1,
  shutdownTimeoutMs: 10_000,
  shutdownDelayMs: 0,
} as const;

const httpOnly = [
  "host",
  "auth-token-file",
  "no-auth",
  "allowed-hosts",
  "max-sessions",
  "session-idle-ms",
  "max-body-bytes",
  "request-timeout-ms",
  "workers",
  "shutdown-timeout-ms",
  "shutdown-delay-ms",
] as const;
type HttpValues = { readonly http?: string | undefined } & {
  readonly [flag in (typeof httpOnly)[number]]?: string | boolean | undefined;
};

function parseHttp(values: HttpValues): HttpConfig | undefined {
  if (values.http === undefined) {
    const given = httpOnly.filter((flag) => values[flag] !== undefined);
    if (given.length > 0) throw new UsageError(`--${given.join(", --")} apply to --http only`);
    return undefined;
  }
  const host = (values.host as string | undefined) ?? "127.0.0.1";
  const authTokenFile = values["auth-token-file"] as string | undefined;
  const noAuth = values["no-auth"] === true;
  if (authTokenFile !== undefined && noAuth) throw new UsageError("give --auth-token-file or --no-auth, not both");
  // Anyone who can reach a non-loopback address could call every tool: serving it open must be a choice.
  if (authTokenFile === undefined && !noAuth && !isLoopback(host)) {
    throw new UsageError(
      `--host ${host} is not a loopback address: give --auth-token-file <file> (clients send "Authorization: ` +
        'Bearer <token>") or --no-auth to serve without authentication behind a proxy that authenticates',
    );
  }
  const count = (flag: (typeof httpOnly)[number], fallback: number): number => {
    const text = values[flag] as string | undefined;
    return text === undefined ? fallback : parseCount(`--${flag}`, text);
  };
  return {
    port: parsePort(values.http),
    host,
    authTokenFile,
    noAuth,
    allowedHosts: list(values["allowed-hosts"] as string | undefined) ?? [],
    maxSessions: count("max-sessions", httpDefaults.maxSessions),
    sessionIdleMs: count("session-idle-ms", httpDefaults.sessionIdleMs),
    maxBodyBytes: count("max-body-bytes", httpDefaults.maxBodyBytes),
    requestTimeoutMs: count("request-timeout-ms", httpDefaults.requestTimeoutMs),
    workers: parseWorkers(values.workers as string | undefined),
    shutdownTimeoutMs: count("shutdown-timeout-ms", httpDefaults.shutdownTimeoutMs),
    shutdownDelayMs:
      values["shutdown-delay-ms"] === undefined
        ? httpDefaults.shutdownDelayMs
        : parseCount("--shutdown-delay-ms", values["shutdown-delay-ms"] as string, 0),
  };
}

/** More processes than this on one port is a typo, not a plan. */
const MAX_WORKERS = 256;

function parseWorkers(text: string | undefined): number {
  if (text === undefined) return httpDefaults.workers;
  if (text === "auto") return availableParallelism();
  const workers = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (workers < 1 || workers > MAX_WORKERS)
    throw new UsageError(`--workers is auto or a whole number from 1 to ${MAX_WORKERS}, not ${JSON.stringify(text)}`);
  return workers;
}

function parseLogFormat(text: string): LogFormat {
  if (text !== "text" && text !== "json")
    throw new UsageError(`--log-format is text or json, not ${JSON.stringify(text)}`);
  return text;
}

function list(text: string | undefined): string[] | undefined {
  return text
    ?.split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function parseMode(text: string): ServeMode {
  if (text !== "tools" && text !== "search" && text !== "code")
    throw new UsageError(`--mode is tools, search or code, not ${JSON.stringify(text)}`);
  return text;
}

function parseCount(flag: string, text: string, least = 1): number {
  const count = /^\d{1,9}$/.test(text) ? Number(text) : -1;
  if (count < least)
    throw new UsageError(`${flag} needs a whole number of at least ${least}, not ${JSON.stringify(text)}`);
  return count;
}

function parsePort(text: string): number {
  const port = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65_535))
    throw new UsageError(`--http needs a port number from 0 to 65535, not ${JSON.stringify(text)}`);
  return port;
}

function parseUrl(text: string): string {
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    // Not echoed: it may carry a password or a key.
    throw new UsageError("the engine URL must be an http or https URL (the value given is not shown)");
  }
  return text;
}

function parseSecrets(pairs: readonly string[]): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    // Never echoed: a malformed argument may well be the secret value itself.
    if (at <= 0)
      throw new UsageError('--secret needs NAME=VALUE, with a name before the first "=" (the argument is not shown)');
    secrets[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return secrets;
}

function parseNameStyle(text: string): NameStyle {
  if (text !== "model" && text !== "full")
    throw new UsageError(`--name-style is model or full, not ${JSON.stringify(text)}`);
  return text;
}
