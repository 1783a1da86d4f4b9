// MCP results carry no encoding of any secret the client knows: answers echoing it, answers that
// cannot be serialised, errors, and validation messages quoting an argument. Generated secrets.
import type { Client } from "@modelcontextprotocol/client";
import { createMemoryTransport, type ToolHandler } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { encodings, random, revealing, secrets, seed } from "../../runtime/test/support/encodings.ts";
import { connectInMemory } from "./support/in-memory.ts";
import { toolkits } from "./support/toolkits.ts";

const [declared, undeclared] = secrets(2, random(seed + 7)) as [string, string];
const items = [declared, undeclared].flatMap((secret) =>
  Object.entries(encodings(secret, random(seed + 8))).map(([name, encoded]) => ({ name, encoded })),
);
const all = items.map(({ encoded }) => encoded);
const leaks = (text: string): string[] =>
  items.filter(({ name, encoded }) => text.includes(revealing(name, encoded))).map(({ name }) => name);

const answers: [string, ToolHandler][] = [
  ["an answer echoing each encoding", () => ({ echoed: all, [all[1]!]: all[2] })],
  ["a string answer", () => all.join(" ")],
  [
    "a throwing getter",
    () => ({
      get rows(): never {
        throw new Error(all.join(" "));
      },
    }),
  ],
  [
    "a throwing toJSON",
    () => ({
      toJSON: () => {
        throw new Error(all.join(" "));
      },
    }),
  ],
  [
    "a thrown error",
    () => {
      throw new RangeError(all.join(" "));
    },
  ],
];

async function serve(handler: ToolHandler): Promise<Client> {
  const transport = createMemoryTransport({
    "CloudSheets.GetSpreadsheet": handler,
    "CreatorApi.FetchZetaAppSections": handler,
  });
  return connectInMemory({
    toolkit: toolkits,
    transport,
    env: false,
    secrets: { ZETA_SERVER_URL: declared, OTHER: undeclared },
  });
}

const calls = [
  { name: "CloudSheets_GetSpreadsheet", arguments: { spreadsheet_id: "s1" } },
  {
    name: "CreatorApi_FetchZetaAppSections",
    arguments: { zeta_account_owner_name: "o", zeta_application_link_name: "a" },
  },
];

describe(`MCP results (seed ${seed})`, () => {
  it.each(answers)("show no encoding of a declared or undeclared secret for %s", async (_label, handler) => {
    const client = await serve(handler);
    for (const call of calls) expect(leaks(JSON.stringify(await client.callTool(call)))).toEqual([]);
  });

  it("show no encoding of a secret sent as an argument or a tool name", async () => {
    const client = await serve(() => 1);
    for (const encoded of all) {
      const invalid = await client.callTool({
        name: "CloudSheets_GetSpreadsheet",
        arguments: { spreadsheet_id: 7, [encoded]: encoded },
      });
      const unknown = await client.callTool({ name: encoded, arguments: {} }).catch((error: unknown) => String(error));
      expect(invalid.isError).toBe(true);
      expect(leaks(JSON.stringify([invalid, unknown]))).toEqual([]);
    }
  });
});
