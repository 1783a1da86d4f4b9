// Every mode on both protocol eras, in process: the listing, a bad call answered as an isError
// result carrying the package's message and JSON pointer, and a good call, through each mode's own
// way of calling a tool. The listing carries no per-era difference: the same names and schemas.
import * as code from "@toolcat/code";
import { createMemoryTransport } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import type { McpServerOptions, ServeMode } from "../src/server.ts";
import { call, connectInMemory, eras, text } from "./support/in-memory.ts";
import { toolkits } from "./support/toolkits.ts";

const handlers = { "CloudSheets.GetSpreadsheet": (input: unknown) => ({ rows: [["A1"]], input }) };

/** Each mode: what it lists, and how it calls CloudSheets.GetSpreadsheet with given arguments. */
const modes: Readonly<
  Record<ServeMode, { listed: readonly string[] | number; call: (args: object) => [string, Record<string, unknown>] }>
> = {
  tools: {
    listed: toolkits.reduce((count, toolkit) => count + toolkit.manifest.tools.length, 0),
    call: (args) => ["CloudSheets_GetSpreadsheet", { ...args }],
  },
  search: {
    listed: ["search_tools", "describe_tools", "call_tool"],
    call: (args) => ["call_tool", { name: "CloudSheets.GetSpreadsheet", arguments: args }],
  },
  code: {
    listed: ["search_tools", "describe_tools", "execute_code"],
    call: (args) => [
      "execute_code",
      { code: `return await CloudSheets.getSpreadsheet(${JSON.stringify(args)} as never);` },
    ],
  },
};

const cases = Object.keys(modes).flatMap((mode) => eras.map((era) => [mode as ServeMode, era] as const));

describe.each(cases)("%s mode on %s", (mode, era) => {
  const serve = () =>
    connectInMemory(
      { toolkit: toolkits, transport: createMemoryTransport(handlers), env: false, mode, code } as McpServerOptions,
      era,
    );
  const { listed, call: callOf } = modes[mode];

  it("lists its tools", async () => {
    const names = (await (await serve()).listTools()).tools.map((tool) => tool.name);
    if (typeof listed === "number") expect(names).toHaveLength(listed);
    else expect(names).toEqual(listed);
  });

  it("answers a bad call with an isError result naming the JSON pointer, and a good one with the value", async () => {
    const client = await serve();
    const bad = await call(client, ...callOf({ max_rows: 5000 }));
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/\/spreadsheet_id: .*required[\s\S]*\/max_rows: .*1000/);
    const good = await call(client, ...callOf({ spreadsheet_id: "s1" }));
    expect(good.isError).toBeFalsy();
    expect(JSON.stringify(good.structuredContent)).toContain('"rows":[["A1"]]');
  });
});
