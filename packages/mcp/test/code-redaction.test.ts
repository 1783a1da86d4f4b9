// execute_code results carry no encoding of any secret the client knows, even when the program logs
// and returns what the tools answered, what a failed call threw, or a secret written into its source.
import type { Client } from "@modelcontextprotocol/client";
import * as code from "@toolcat/code";
import { createMemoryTransport, type ToolHandler } from "@toolcat/runtime";
import { describe, expect, it } from "vitest";
import { encodings, random, revealing, secrets, seed } from "../../runtime/test/support/encodings.ts";
import { connectInMemory } from "./support/in-memory.ts";
import { toolkits } from "./support/toolkits.ts";

const [declared, undeclared] = secrets(2, random(seed + 9)) as [string, string];
const items = [declared, undeclared].flatMap((secret) =>
  Object.entries(encodings(secret, random(seed + 10))).map(([name, encoded]) => ({ name, encoded })),
);
const all = items.map(({ encoded }) => encoded);
const leaks = (text: string): string[] =>
  items.filter(({ name, encoded }) => text.includes(revealing(name, encoded))).map(({ name }) => name);

const answers: [string, ToolHandler][] = [
  ["an answer echoing each encoding", () => ({ echoed: all, [all[1]!]: all[2] })],
  ["a string answer", () => all.join(" ")],
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
  const secretsOption = { ZETA_SERVER_URL: declared, OTHER: undeclared };
  return connectInMemory({ toolkit: toolkits, transport, env: false, secrets: secretsOption, mode: "code", code });
}

/** Calls both tools, logs and returns whatever they answered or threw. */
const program = `
const seen: unknown[] = [];
for (const call of [
  () => CloudSheets.getSpreadsheet({ spreadsheet_id: "s1" }),
  () => CreatorApi.fetchZetaAppSections({ zeta_account_owner_name: "o", zeta_application_link_name: "a" }),
]) {
  try {
    seen.push(await call());
  } catch (error) {
    const e = error as ToolError;
    seen.push({ message: e.message, code: e.code, issues: e.issues });
  }
}
console.log(JSON.stringify(seen));
console.log(seen);
return seen;`;

describe(`execute_code results (seed ${seed})`, () => {
  it.each(answers)("show no encoding of a declared or undeclared secret for %s", async (_label, handler) => {
    const result = await (await serve(handler)).callTool({ name: "execute_code", arguments: { code: program } });
    expect(result.structuredContent).toMatchObject({ ok: true, logs: [expect.any(String), expect.any(String)] });
    expect(JSON.stringify(result)).toContain("[REDACTED]");
    expect(leaks(JSON.stringify(result))).toEqual([]);
  });

  it("show no secret the program's source spells out, returned, logged, or in a type error", async () => {
    const client = await serve(() => 1);
    for (const secret of [declared, undeclared]) {
      const literal = JSON.stringify(secret);
      for (const code of [
        `console.log(${literal});\nreturn ${literal};`,
        `const n: number = ${literal};`,
        `throw new Error(${literal});`,
      ]) {
        const result = await client.callTool({ name: "execute_code", arguments: { code } });
        expect(leaks(JSON.stringify(result))).toEqual([]);
      }
    }
  });
});
