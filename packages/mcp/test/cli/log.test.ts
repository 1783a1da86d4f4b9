// The CLI's stderr: messages at once, request records together once per event-loop turn, none lost
// when the process exits before a turn ends.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/cli/log.ts";
import { fromSource } from "../support/from-source.ts";

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("createLogger", () => {
  it("writes the records of one turn in one write, each a JSON line", async () => {
    const writes: string[] = [];
    const logger = createLogger("json", (text) => void writes.push(text));
    for (const id of [1, 2, 3]) logger.record({ request: `r${id}`, status: 200 });
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1).map((line) => (JSON.parse(line) as { request: string }).request)).toEqual([
      "r1",
      "r2",
      "r3",
    ]);
    logger.record({ request: "r4" });
    await turn();
    expect(writes).toHaveLength(2);
  });

  it.each(["json", "text"] as const)("writes a %s message at once, after the records before it", (format) => {
    const writes: string[] = [];
    const logger = createLogger(format, (text) => void writes.push(text));
    logger.record({ request: "r1" });
    logger.message("stopping", "warn");
    expect(writes).toHaveLength(2);
    expect(writes[0]).toContain('"request":"r1"');
    expect(writes[1]).toMatch(
      format === "text" ? /^toolcat-mcp: stopping\n$/ : /"level":"warn","message":"stopping"\}\n$/,
    );
  });

  it("writes the records still waiting when the process exits", () => {
    const log = fileURLToPath(new URL("../../src/cli/log.ts", import.meta.url));
    const code =
      `const { createLogger } = await import(${JSON.stringify(log)});` +
      'const logger = createLogger("json"); logger.record({ request: "last" }); process.exit(0);';
    const child = spawnSync(process.execPath, [...fromSource, "--input-type=module", "-e", code], {
      encoding: "utf8",
    });
    expect(child.status).toBe(0);
    expect(child.stderr).toMatch(/^\{"time":"[^"]+","request":"last"\}\n$/);
  });
});
