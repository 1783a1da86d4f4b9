// stdio framing: oversize and malformed messages, generated, each get a JSON-RPC error and the
// server keeps answering; a huge string sent as a tool name or argument is never echoed whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { random, secrets, seed } from "../../../runtime/test/support/encodings.ts";
import { cliEnv, spawnCli, waitForLog, type RunningCli } from "../support/cli.ts";
import { ENGINE_API_KEY, startEngine, type TestEngine } from "../support/engine.ts";

const MiB = 1024 * 1024;
const request = (id: number | string, method: string, params: object = {}): string =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params });

/** A line of `bytes` bytes carrying the id first or, as the SDK's client writes it, last. */
function oversize(id: number | string, bytes: number, idFirst: boolean): string {
  const filler = "x".repeat(bytes);
  return idFirst
    ? JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "CloudSheets_GetSpreadsheet", arguments: { spreadsheet_id: filler } },
      })
    : JSON.stringify({
        method: "tools/call",
        params: { name: "CloudSheets_GetSpreadsheet", arguments: { spreadsheet_id: filler } },
        jsonrpc: "2.0",
        id,
      });
}

interface Reply {
  readonly id: unknown;
  readonly error?: { readonly code: number; readonly message: string };
  readonly result?: unknown;
}

let engine: TestEngine;
let cli: RunningCli;
const replies: Reply[] = [];
let stdout = "";
let sent = 0;

/** Sends the line (in chunks, as a pipe delivers it) and waits for one more reply. */
async function exchange(line: string): Promise<Reply> {
  const want = ++sent;
  for (let at = 0; at < line.length; at += 1 * MiB) cli.child.stdin?.write(line.slice(at, at + MiB));
  cli.child.stdin?.write("\n");
  for (
    const deadline = Date.now() + 20_000;
    replies.length < want;
    await new Promise((resolve) => setTimeout(resolve, 20))
  ) {
    if (Date.now() > deadline || cli.child.exitCode !== null)
      throw new Error(`no reply to message ${want}:\n${cli.stderr()}`);
  }
  return replies[want - 1]!;
}

beforeAll(async () => {
  engine = await startEngine();
  cli = spawnCli(cliEnv(engine.url, ENGINE_API_KEY), []);
  cli.child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    for (let newline = stdout.indexOf("\n"); newline !== -1; newline = stdout.indexOf("\n")) {
      replies.push(JSON.parse(stdout.slice(0, newline)) as Reply);
      stdout = stdout.slice(newline + 1);
    }
  });
  await waitForLog(cli, /over stdio/);
  const init = await exchange(
    request(0, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    }),
  );
  expect(init.result).toBeDefined();
  cli.child.stdin?.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
});
afterAll(() => engine.close());

describe(`the CLI over stdio (seed ${seed})`, () => {
  const next = random(seed);
  const sizes = [4 * MiB + 1, 4 * MiB + Math.floor(next() * MiB), 10 * MiB + 1, 11 * MiB];
  it.each(
    sizes.flatMap((bytes, i) => [true, false].map((idFirst) => [bytes, idFirst, `big-${i}-${idFirst}`] as const)),
  )(
    "answers a %i-byte message (id first: %s) with an error for its id and keeps serving",
    async (bytes, idFirst, id) => {
      const reply = await exchange(oversize(id, bytes, idFirst));
      expect(reply).toMatchObject({
        id,
        error: { code: -32600, message: expect.stringContaining("messages are at most") },
      });
      expect(await exchange(request(`after-${id}`, "tools/list"))).toMatchObject({
        id: `after-${id}`,
        result: { tools: expect.any(Array) },
      });
    },
  );

  // A raw newline would end the line early, so generated text has none.
  const texts = secrets(7, next).map((text) => text.replaceAll("\n", " "));
  const malformed: [string, string, number][] = [
    ...texts.slice(0, 4).map((text): [string, string, number] => [`{${text}`, text, -32700]),
    ...texts
      .slice(4, 6)
      .map((text): [string, string, number] => [JSON.stringify({ not: "json-rpc", text }), text, -32600]),
    [JSON.stringify({ jsonrpc: "1.0", id: texts[6], method: "tools/list" }), texts[6]!, -32600],
  ];
  it.each(malformed)("answers the malformed line %j with an error and keeps serving", async (line, text, code) => {
    const reply = await exchange(line);
    expect(reply.error?.code).toBe(code);
    expect(reply.error?.message).not.toContain(text);
    expect(await exchange(request("after", "tools/list"))).toMatchObject({ result: { tools: expect.any(Array) } });
  });

  // A configured key is redacted (runtime redaction tests); any other huge text is cut short.
  it("bounds what it echoes of a 3.9 MB string sent as a tool name, a parameter name or a value", async () => {
    const key = `sk-${"k".repeat(3_900_000)}`;
    const tool = "CloudSheets_GetSpreadsheet";
    for (const params of [
      { name: key, arguments: {} },
      { name: tool, arguments: { spreadsheet_id: 7, [key]: 1 } },
      { name: tool, arguments: { spreadsheet_id: 7, sheet_position: key } },
    ]) {
      const reply = await exchange(request("huge", "tools/call", params));
      expect(JSON.stringify(reply).length).toBeLessThan(5_000);
    }
  });

  it("exits 0 when stdin closes after all that", async () => {
    cli.child.stdin?.end();
    expect(await cli.exited).toBe(0);
  });
});
