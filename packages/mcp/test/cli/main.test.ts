// The CLI end to end: spawned as an MCP client spawns it, over stdio and over Streamable HTTP, with
// real clients of both protocol eras (the v1 SDK client, the v2 client on 2025-11-25 and on
// 2026-07-28), calling tools on a local engine through the runtime's HTTP transport. Loopback only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, spawnCli, waitForLog, type RunningCli } from "../support/cli.ts";
import { clientKinds, connectCli, stopCli, type McpClient, type Wire } from "../support/clients.ts";
import { ENGINE_API_KEY, startEngine, type TestEngine } from "../support/engine.ts";
import { toolkits } from "../support/toolkits.ts";

let engine: TestEngine;
// One CLI serving Streamable HTTP for the clients of every kind, as a deployed one serves them all;
// over stdio each client spawns its own, as MCP clients do.
let http: RunningCli;
beforeAll(async () => {
  engine = await startEngine();
  http = spawnCli(cliEnv(engine.url, ENGINE_API_KEY), ["--http", "0"]);
});
afterAll(async () => {
  await stopCli(http);
  await engine.close();
});

const wires: readonly Wire[] = ["stdio", "Streamable HTTP"];
const cases = wires.flatMap((wire) => clientKinds.map((kind) => [kind, wire] as const));

describe.each(cases)("a %s over %s", (kind, wire) => {
  let client: McpClient;
  beforeAll(async () => {
    client = await connectCli(kind, wire, cliEnv(engine.url, ENGINE_API_KEY), [], http);
  });
  afterAll(() => client.close());

  it("speaks its era's protocol version", () => {
    expect(client.protocolVersion).toBe(kind.slice(-10));
  });

  it("lists the tools of both packages, the same bytes each time", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["CloudSheets_GetSpreadsheet", "CreatorApi_FetchZetaAppSections"]),
    );
    expect(tools).toHaveLength(toolkits.reduce((count, toolkit) => count + toolkit.manifest.tools.length, 0));
    expect(JSON.stringify((await client.listTools()).tools)).toBe(JSON.stringify(tools));
  });

  it("calls a tool on the engine", async () => {
    const { _meta, ...result } = await client.callTool("CloudSheets_GetSpreadsheet", { spreadsheet_id: "s1" });
    expect(result).toEqual({
      content: [{ type: "text", text: expect.any(String) }],
      structuredContent: {
        rows: [
          ["Name", "Score"],
          ["Ada", 36],
        ],
      },
    });
  });

  it("returns validation issues with their JSON pointers without calling the engine", async () => {
    const result = await client.callTool("CloudSheets_GetSpreadsheet", { spreadsheet_id: 7 });
    expect(result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("/spreadsheet_id:") }] });
  });

  it("names the secret the engine is missing", async () => {
    const result = await client.callTool("CreatorApi_FetchZetaAppSections", {
      zeta_account_owner_name: "o",
      zeta_application_link_name: "a",
    });
    expect(result).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining("ZETA_SERVER_URL") }],
      structuredContent: { error: { code: "tool_failed" } },
    });
  });

  it("returns the authorization URL", async () => {
    const result = await client.callTool("CloudSheets_WhoAmI", {});
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { error: { code: "authorization_required", url: "https://auth.example.com/grant?id=7" } },
    });
  });

  it("drops the engine request when the client cancels the call", async () => {
    const before = engine.abandoned.length;
    const controller = new AbortController();
    const call = client.callTool("CloudSheets_SearchSpreadsheets", {}, controller.signal);
    await engine.waitForHeld("CloudSheets.SearchSpreadsheets");
    controller.abort("user gave up");
    await expect(call).rejects.toThrow();
    await expect.poll(() => engine.abandoned.length, { timeout: 15_000 }).toBe(before + 1);
  });
});

describe("the process", () => {
  const run = (extra: readonly string[]): RunningCli => spawnCli(cliEnv(engine.url, ENGINE_API_KEY), extra);

  it("exits 0 when stdin closes", async () => {
    const cli = run([]);
    cli.child.stdin?.end();
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).toContain("over stdio");
  });

  it.each([["SIGINT"], ["SIGTERM"]] as const)("exits 0 on %s while serving stdio", async (signal) => {
    const cli = run([]);
    await waitForLog(cli, /over stdio/);
    cli.child.kill(signal);
    expect(await cli.exited).toBe(0);
  });

  it.each([["--help"], ["--version"]])("%s prints to stdout and exits 0", async (flag) => {
    const cli = run([flag]);
    let stdout = "";
    cli.child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    expect(await cli.exited).toBe(0);
    expect(stdout).toMatch(flag === "--help" ? /^Usage: toolcat-mcp/ : /^\d+\.\d+\.\d+\n$/);
  });

  it.each([
    [["--bogus"], 2, /Unknown option '--bogus'[\s\S]*Usage:/],
    [["--tools", "NoSuchTool"], 1, /no tool matches "NoSuchTool"/],
    [["--http", "0", "--tools", "NoSuchTool"], 1, /no tool matches "NoSuchTool"/],
    [["--http", "0", "--host", "0.0.0.0"], 2, /--host 0\.0\.0\.0 is not a loopback address: give --auth-token-file/],
    [
      ["--http", "0", "--auth-token-file", "no-such-token-file"],
      1,
      /cannot read --auth-token-file no-such-token-file \(ENOENT\)/,
    ],
  ])("%j fails at start with exit code %i", async (extra, code, message) => {
    const cli = run(extra);
    expect(await cli.exited).toBe(code);
    expect(cli.stderr()).toMatch(message);
  });
});
