// A bounded sandbox pool: with limitSandboxes(1), a run waits for the one worker while another run
// holds it, within its own wall time and abort signal, and gets it once that run ends.
import { createInMemoryTransport, type ClientOptions } from "@toolcat/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { limitSandboxes, runCode } from "../src/index.ts";
import { packages } from "./support/packages.ts";

/** A caller whose GetSpreadsheet is held until `release` is called; `calls` records every call's start. */
function gatedCaller(): { caller: ClientOptions; calls: string[]; held: Promise<void>; release(): void } {
  const calls: string[] = [];
  let release = (): void => undefined;
  let arrived = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (arrived = resolve));
  const transport = createInMemoryTransport({
    "CloudSheets.GetSpreadsheet": async () => {
      calls.push("GetSpreadsheet");
      arrived();
      await gate;
      return { rows: [] };
    },
    "CloudSheets.WhoAmI": () => (calls.push("WhoAmI"), { me: 1 }),
  } as never);
  return { caller: { transport, env: false }, calls, held, release };
}

describe("limitSandboxes", () => {
  // The bound is the process's: lifted again for the files that share this test worker.
  afterAll(() => limitSandboxes(Number.MAX_SAFE_INTEGER));

  it("refuses a size that is not a whole number of at least 1", () => {
    for (const size of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => limitSandboxes(size)).toThrow(RangeError);
  });

  it("makes a run wait for the one sandbox, up to its wall time or abort, and hands the sandbox on", async () => {
    limitSandboxes(1);
    const gated = gatedCaller();
    const holding = runCode('return await CloudSheets.getSpreadsheet({ spreadsheet_id: "s" });', {
      packages,
      caller: gated.caller,
    });
    await gated.held;

    const late = await runCode("return await CloudSheets.whoAmI();", {
      packages,
      caller: gated.caller,
      limits: { wallMs: 1_500 },
    });
    expect(late.error).toMatchObject({ kind: "limit", limit: "wallMs" });
    const abort = new AbortController();
    const aborted = runCode("return await CloudSheets.whoAmI();", {
      packages,
      caller: gated.caller,
      signal: abort.signal,
    });
    abort.abort();
    expect((await aborted).error?.kind).toBe("aborted");
    expect(gated.calls).toEqual(["GetSpreadsheet"]);

    const next = runCode("return await CloudSheets.whoAmI();", { packages, caller: gated.caller });
    gated.release();
    expect((await holding).ok).toBe(true);
    expect(await next).toMatchObject({ ok: true, value: { me: 1 } });
    expect(gated.calls).toEqual(["GetSpreadsheet", "WhoAmI"]);
  });
});
