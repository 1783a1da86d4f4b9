// Code mode's server state over many sessions: one server factory (as toolcat-mcp builds it), and
// round after round of 2025-era sessions, each connected, running programs (an ordinary one and a type
// error; the bombs are @toolcat/code's own test) through execute_code, and closed. After two warm-up
// rounds the host's JS heap, after a full collection, stays within 4 MB of the warm level: over the
// 36 measured sessions, anything a session leaves behind past about 110 KB crosses it, as the
// control's 256 KB per session does.
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import * as code from "@toolcat/code";
import { createMemoryTransport } from "@toolcat/runtime";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { createMcpServerFactory, type McpServerOptions } from "../src/server.ts";
import { toolkits } from "./support/toolkits.ts";

const mb = 1024 * 1024;
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const heapSlack = 4 * mb;
const sessionsPerRound = 12;

const transport = createMemoryTransport({
  "CloudSheets.GetSpreadsheet": (input) => ({
    rows: [["Score"], [(input as { spreadsheet_id: string }).spreadsheet_id.length]],
  }),
});
const factory = createMcpServerFactory({
  toolkit: toolkits,
  transport,
  env: false,
  mode: "code",
  code,
  codeLimits: { memoryBytes: 16 * mb, cpuMs: 500 },
} as McpServerOptions);

const programs = (n: number): string[] => [
  `const sheets = await Promise.all(["s${n}", "t"].map((id) => CloudSheets.getSpreadsheet({ spreadsheet_id: id ` +
    `})));\nreturn sheets.length + ${n};`,
  `const total${n}: number = "${n}";`,
];

/** Connects a session, runs its programs, and closes it; `each` runs after it (the control's leak). */
async function session(n: number, each: () => void): Promise<void> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await factory().connect(serverSide);
  const client = new Client({ name: "memory-test", version: "1.0.0" });
  await client.connect(clientSide);
  for (const source of programs(n)) await client.callTool({ name: "execute_code", arguments: { code: source } });
  await client.close();
  each();
}

/**
 * The host's JS heap in use after a full collection, after rounds of sessions: the warm level, then one per measured
 * round.
 */
async function levels(rounds: number, each: () => void = () => undefined): Promise<number[]> {
  let n = 0;
  const measured: number[] = [];
  for (let round = 0; round < 2 + rounds; round++) {
    for (let i = 0; i < sessionsPerRound; i++) await session(n++, each);
    if (round === 0) continue;
    await new Promise((resolve) => setTimeout(resolve, 100));
    collect();
    measured.push(process.memoryUsage().heapUsed);
  }
  return measured;
}

const over = ([warm = 0, ...rest]: number[]): number[] => rest.filter((level) => level > warm + heapSlack);
const shown = (measured: number[]): string => measured.map((level) => (level / mb).toFixed(1)).join(" → ");

describe("code mode's server state over many sessions", () => {
  it("levels off: sessions that ran programs and closed leave the heap within 4 MB of the warm level", async () => {
    const measured = await levels(3);
    console.log(`JS heap MB: ${shown(measured)}`);
    expect(over(measured), shown(measured)).toEqual([]);
  }, 120_000);

  it("control: the same check fails when 256 KB stays behind per session", async () => {
    const kept: number[][] = [];
    // 32 Ki small integers: 256 KB of elements at 8 bytes each.
    const measured = await levels(
      3,
      () => void kept.push(Array.from({ length: 32 * 1024 }, (_, i) => i + kept.length)),
    );
    console.log(`control, JS heap MB: ${shown(measured)}`);
    expect(over(measured).length, shown(measured)).toBeGreaterThan(0);
  }, 120_000);
});
