import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { httpDefaults, parseCli, UsageError } from "../../src/cli/args.ts";

const serve = (argv: readonly string[], env: NodeJS.ProcessEnv = {}) => {
  const parsed = parseCli(argv, env);
  if (parsed.kind !== "serve") throw new Error(`expected serve, got ${parsed.kind}`);
  return parsed.config;
};

describe("parseCli", () => {
  it("defaults to stdio, model names, all tools and no engine", () => {
    expect(serve(["@toolcat/cloud-sheets"])).toEqual({
      packages: ["@toolcat/cloud-sheets"],
      http: undefined,
      engine: undefined,
      userId: undefined,
      secrets: {},
      tools: undefined,
      readOnly: false,
      groups: undefined,
      nameStyle: "model",
      mode: "tools",
      codeLimits: {},
      codeSandboxes: undefined,
      logFormat: "text",
      deprecated: [],
    });
  });

  it("reads every flag", () => {
    const config = serve([
      "a",
      "b",
      "--http",
      "8080",
      "--host",
      "0.0.0.0",
      "--auth-token-file",
      "token.txt",
      "--allowed-hosts",
      "mcp.example.com, Tools.Example.com",
      "--max-sessions",
      "7",
      "--session-idle-ms",
      "60000",
      "--max-body-bytes",
      "1000",
      "--request-timeout-ms",
      "5000",
      "--workers",
      "3",
      "--shutdown-timeout-ms",
      "2500",
      "--shutdown-delay-ms",
      "0",
      "--log-format",
      "json",
      "--engine-url",
      "https://engine.example.com",
      "--api-key",
      "k",
      "--user-id",
      "u",
      "--secret",
      "A=1",
      "--secret",
      "B=x=y",
      "--tools",
      "Get*, WhoAmI,,",
      "--read-only",
      "--name-style",
      "full",
      "--groups",
      "candidates, Approvals and offers",
      "--mode",
      "search",
    ]);
    expect(config).toEqual({
      packages: ["a", "b"],
      http: {
        port: 8080,
        host: "0.0.0.0",
        authTokenFile: "token.txt",
        noAuth: false,
        allowedHosts: ["mcp.example.com", "Tools.Example.com"],
        maxSessions: 7,
        sessionIdleMs: 60_000,
        maxBodyBytes: 1000,
        requestTimeoutMs: 5000,
        workers: 3,
        shutdownTimeoutMs: 2500,
        shutdownDelayMs: 0,
      },
      engine: { baseUrl: "https://engine.example.com", apiKey: "k" },
      userId: "u",
      secrets: { A: "1", B: "x=y" },
      tools: ["Get*", "WhoAmI"],
      readOnly: true,
      groups: ["candidates", "Approvals and offers"],
      nameStyle: "full",
      mode: "search",
      codeLimits: {},
      codeSandboxes: undefined,
      logFormat: "json",
      deprecated: [],
    });
  });

  it.each([
    {
      argv: ["--engine-url", "https://a.example"],
      env: { TOOLCAT_BASE_URL: "https://b.example" },
      url: "https://a.example",
      deprecated: [],
    },
    {
      argv: [],
      env: { TOOLCAT_ENGINE_URL: "https://a.example", TOOLCAT_BASE_URL: "https://b.example" },
      url: "https://a.example",
      deprecated: [],
    },
    {
      argv: ["--base-url", "https://b.example"],
      env: { TOOLCAT_ENGINE_URL: "https://a.example" },
      url: "https://b.example",
      deprecated: ["warning: --base-url is deprecated; use --engine-url"],
    },
    {
      argv: [],
      env: { TOOLCAT_BASE_URL: "https://b.example" },
      url: "https://b.example",
      deprecated: ["warning: TOOLCAT_BASE_URL is deprecated; use TOOLCAT_ENGINE_URL"],
    },
  ])(
    "takes the engine address from $argv and $env, still reading the earlier name",
    ({ argv, env, url, deprecated }) => {
      const config = serve(["p", ...argv], { ...env, TOOLCAT_API_KEY: "k" });
      expect(config.engine).toEqual({ baseUrl: url, apiKey: "k" });
      expect(config.deprecated).toEqual(deprecated);
    },
  );

  it("reads the code mode limits", () => {
    expect(serve(["p", "--mode", "code", "--code-timeout-ms", "5000", "--code-max-calls", "3"])).toMatchObject({
      mode: "code",
      codeLimits: { wallMs: 5000, toolCalls: 3 },
    });
    expect(serve(["p", "--mode", "code", "--code-max-calls", "7"]).codeLimits).toEqual({ toolCalls: 7 });
  });

  it("reads --workers auto as one per core, and --code-sandboxes in code mode", () => {
    expect(serve(["p", "--http", "0", "--workers", "auto"]).http?.workers).toBe(availableParallelism());
    expect(serve(["p", "--mode", "code", "--code-sandboxes", "3"]).codeSandboxes).toBe(3);
  });

  it.each([["127.0.0.1"], ["127.8.9.10"], ["localhost"], ["::1"], ["[::1]"], ["::ffff:127.0.0.1"]])(
    "serves loopback %s without authentication by default",
    (host) => {
      expect(serve(["p", "--http", "0", "--host", host]).http).toEqual({
        port: 0,
        host,
        authTokenFile: undefined,
        noAuth: false,
        allowedHosts: [],
        ...httpDefaults,
      });
    },
  );

  it.each([["0.0.0.0"], ["::"], ["192.168.1.20"], ["example.com"], ["128.0.0.1"], ["::ffff:10.0.0.1"]])(
    "binds %s only with --auth-token-file or --no-auth",
    (host) => {
      expect(() => serve(["p", "--http", "0", "--host", host])).toThrow(
        /is not a loopback address: give --auth-token-file <file>.* or --no-auth/,
      );
      expect(serve(["p", "--http", "0", "--host", host, "--no-auth"]).http).toMatchObject({
        host,
        noAuth: true,
        authTokenFile: undefined,
      });
      expect(serve(["p", "--http", "0", "--host", host, "--auth-token-file", "t"]).http).toMatchObject({
        host,
        noAuth: false,
        authTokenFile: "t",
      });
    },
  );

  it("takes the engine and user from the environment, flags first", () => {
    const env = { TOOLCAT_ENGINE_URL: "http://127.0.0.1:1", TOOLCAT_API_KEY: "env-key", TOOLCAT_USER_ID: "env-user" };
    expect(serve(["p"], env)).toMatchObject({
      engine: { baseUrl: "http://127.0.0.1:1", apiKey: "env-key" },
      userId: "env-user",
    });
    expect(serve(["p", "--api-key", "flag-key"], env).engine?.apiKey).toBe("flag-key");
  });

  it.each([
    [["-h"], "help"],
    [["--help", "p"], "help"],
    [["-v"], "version"],
  ])("%j asks for %s", (argv, kind) => {
    expect(parseCli(argv, {}).kind).toBe(kind);
  });

  it.each([
    [["--nope", "p"], /--nope/],
    [[], /at least one package/],
    [["p", "--http", "http"], /port number/],
    [["p", "--http", "70000"], /port number/],
    [["p", "--name-style", "short"], /model or full/],
    [["p", "--mode", "lazy"], /tools, search or code/],
    [
      ["p", "--mode", "code", "--code-timeout-ms", "0"],
      /--code-timeout-ms needs a whole number of at least 1, not "0"/,
    ],
    [["p", "--mode", "code", "--code-max-calls", "2.5"], /--code-max-calls needs a whole number/],
    [["p", "--mode", "code", "--code-max-calls", "99999999999"], /--code-max-calls needs a whole number/],
    [["p", "--code-max-calls", "3"], /apply to --mode code only/],
    [["p", "--engine-url", "ftp://x", "--api-key", "k"], /http or https/],
    [["p", "--engine-url", "http://x"], /both a URL .* and an API key/],
    [["p", "--read-only=yes"], /read-only/],
    [["p", "--max-sessions", "9"], /--max-sessions apply to --http only/],
    [["p", "--host", "0.0.0.0", "--no-auth"], /--host, --no-auth apply to --http only/],
    [["p", "--http", "0", "--auth-token-file", "t", "--no-auth"], /--auth-token-file or --no-auth, not both/],
    [["p", "--http", "0", "--max-body-bytes", "0"], /--max-body-bytes needs a whole number of at least 1/],
    [["p", "--http", "0", "--session-idle-ms", "soon"], /--session-idle-ms needs a whole number/],
    [["p", "--http", "0", "--request-timeout-ms", "1.5"], /--request-timeout-ms needs a whole number/],
    [["p", "--workers", "2"], /--workers apply to --http only/],
    [["p", "--shutdown-timeout-ms", "5"], /--shutdown-timeout-ms apply to --http only/],
    [["p", "--http", "0", "--workers", "0"], /--workers is auto or a whole number from 1 to 256, not "0"/],
    [["p", "--http", "0", "--workers", "257"], /--workers is auto or a whole number from 1 to 256/],
    [["p", "--http", "0", "--workers", "all"], /--workers is auto or a whole number/],
    [["p", "--http", "0", "--shutdown-timeout-ms", "1e3"], /--shutdown-timeout-ms needs a whole number/],
    [["p", "--shutdown-delay-ms", "5"], /--shutdown-delay-ms apply to --http only/],
    [["p", "--http", "0", "--shutdown-delay-ms", "soon"], /--shutdown-delay-ms needs a whole number of at least 0/],
    [["p", "--log-format", "yaml"], /--log-format is text or json, not "yaml"/],
    [["p", "--code-sandboxes", "2"], /apply to --mode code only/],
    [["p", "--mode", "code", "--code-sandboxes", "0"], /--code-sandboxes needs a whole number of at least 1/],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(UsageError);
    expect(() => parseCli(argv, {})).toThrow(message);
  });

  it("never echoes a malformed --secret, which may be the value itself", () => {
    for (const argument of ["s3cr3t-value", "=s3cr3t-value"]) {
      expect(() => parseCli(["p", "--secret", argument], {})).toThrow(/NAME=VALUE/);
      try {
        parseCli(["p", "--secret", argument], {});
      } catch (error) {
        expect(String(error)).not.toContain("s3cr3t");
      }
    }
  });
});
