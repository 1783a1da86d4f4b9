import type { CallOptions } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { callClient } from "../src/served.ts";
import type { ToolClient } from "../src/toolkit.ts";

const secret = "s3cr3t-token-value";
const options: CallOptions = { signal: new AbortController().signal };

/** A client of one's own whose answer and error both quote the secret, recording the options it got. */
function quoting(redact?: ToolClient["redact"]): { client: ToolClient; seen: (CallOptions | undefined)[] } {
  const seen: (CallOptions | undefined)[] = [];
  const client: ToolClient = {
    call: (name, _input, given) => {
      seen.push(given);
      return name === "S.Fail" ? Promise.reject(new Error(`denied for ${secret}`)) : Promise.resolve({ token: secret });
    },
    ...(redact === undefined ? {} : { redact }),
  };
  return { client, seen };
}

describe("callClient", () => {
  const hide = (text: string) => text.replaceAll(secret, "[REDACTED]");

  it.each(["S.Get", "S.Fail"])(
    "cleans what %s gives with the client's redact, passing the options as given",
    async (name) => {
      const { client, seen } = quoting(hide);
      const outcome = await callClient(client, name, {}, options);
      const shown = outcome.clean(`${JSON.stringify(outcome.ok ? outcome.value : String(outcome.error))}`);
      expect(shown).toContain("[REDACTED]");
      expect(shown).not.toContain(secret);
      expect(seen).toEqual([options]);
      expect(Reflect.ownKeys(seen[0]!)).toEqual(["signal"]);
    },
  );

  it("shows a client's texts as given when it has no redact", async () => {
    const outcome = await callClient(quoting().client, "S.Get", {}, options);
    expect(outcome.clean(secret)).toBe(secret);
  });

  it.each([
    [
      "throws",
      (): string => {
        throw new Error(secret);
      },
    ],
    ["returns no string", (() => 7) as unknown as (text: string) => string],
  ])("withholds every text when the client's redact %s, and never throws", async (_, redact) => {
    const outcome = await callClient(quoting(redact).client, "S.Fail", {}, options);
    expect(outcome.ok).toBe(false);
    const shown = outcome.clean(String(outcome.ok ? "" : outcome.error));
    expect(shown).toBe("[REDACTED]");
  });
});
