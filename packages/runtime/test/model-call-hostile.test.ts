// callTool (a package's handleToolCall) never throws or rejects, whatever it is given as the
// client, and its results carry no encoding of any secret the client knows.
import { describe as suite, expect, it } from "vitest";
import {
  callByName,
  createToolCaller,
  type CallOptions,
  type ModelToolIndex,
  type ToolDefinition,
} from "../src/client.js";
import { createMemoryTransport, type ToolHandler } from "../src/memory-transport.js";
import { callTool, modelCaller } from "../src/model-call.js";
import { revokedProxy } from "./support/hostile.js";
import { encodings, random, revealing, secrets, seed } from "./support/encodings.js";

const tool: ToolDefinition<unknown> = {
  name: "Get",
  fullName: "Sheets.Get",
  secrets: ["SHEET_KEY"],
  validate: (value) => ({ ok: true, value }),
};
const index: ModelToolIndex = { server: "Sheets", tools: { Get: tool } };

const throwing = (): never => {
  throw new Error("trap");
};
/** Values a JavaScript caller may pass where a client belongs, generated per kind. */
function hostileTargets(next: () => number): [string, unknown][] {
  const traps = ["get", "has", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf"] as const;
  return [
    ["null", null],
    ["undefined", undefined],
    ...[0, -1, Number.NaN, next() * 1e9].map((n): [string, unknown] => [`the number ${n}`, n]),
    ...secrets(3, next).map((text): [string, unknown] => [`the string ${JSON.stringify(text)}`, text]),
    ["an empty array", []],
    ["an array of a client", [{ call: () => Promise.resolve(1) }]],
    ["a revoked proxy", revokedProxy()],
    ...traps.map((trap): [string, unknown] => [
      `a proxy whose ${trap} trap throws`,
      new Proxy({}, { [trap]: throwing }),
    ]),
    ...["transport", "call", "secrets", "env", "userId"].map((key): [string, unknown] => [
      `an object whose ${key} getter throws`,
      Object.defineProperty(key === "call" ? {} : { transport: createMemoryTransport({}) }, key, {
        get: throwing,
        enumerable: true,
      }),
    ]),
  ];
}

suite(`callTool with anything as the client (seed ${seed})`, () => {
  it.each(hostileTargets(random(seed)))("returns an error result for %s", async (_label, target) => {
    let result: unknown;
    expect(() => {
      result = callTool(modelCaller(target), index, "Get", {});
    }).not.toThrow();
    await expect(result).resolves.toMatchObject({
      isError: true,
      content: [{ type: "text", text: expect.any(String) }],
    });
  });
});

suite(`callTool results carry no encoding of a known secret (seed ${seed})`, () => {
  const [declared, undeclared] = secrets(2, random(seed + 5)) as [string, string];
  const items = [declared, undeclared].flatMap((secret) =>
    Object.entries(encodings(secret, random(seed + 6))).map(([name, encoded]) => ({ name, encoded })),
  );
  const all = items.map(({ encoded }) => encoded);
  const options = { secrets: { SHEET_KEY: declared, OTHER: undeclared }, env: false as const };
  const leaks = (text: string): string[] =>
    items.filter(({ name, encoded }) => text.includes(revealing(name, encoded))).map(({ name }) => name);

  const handlers: [string, ToolHandler][] = [
    ["an answer echoing each encoding", () => ({ echoed: all, [all[0]!]: "as a key" })],
    ["a string answer", () => all.join(" ")],
    [
      "a throwing getter",
      () => ({
        get value(): never {
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
      "an error",
      () => {
        throw new TypeError(all.join(" "));
      },
    ],
  ];
  it.each(handlers)("for %s, through client options and through a client", async (_label, handler) => {
    const transport = createMemoryTransport({ "Sheets.Get": handler });
    // A generated client's call and redact, as its package builds them.
    const caller = createToolCaller({ transport, ...options });
    const client = {
      call: (name: string, input: never, callOptions?: CallOptions) =>
        callByName(caller, "Sheets", index.tools, name, input, callOptions),
      redact: caller.redact,
    };
    for (const target of [{ transport, ...options }, client]) {
      const result = await callTool(modelCaller(target), index, "Get", {});
      expect(leaks(JSON.stringify(result))).toEqual([]);
    }
  });

  it("for an unknown tool name or an argument that is a secret", async () => {
    const transport = createMemoryTransport({ "Sheets.Get": () => 1 });
    const validate = () => ({
      ok: false as const,
      issues: [
        {
          path: "/id",
          code: "invalid_type" as const,
          message: `id must be a number, got ${JSON.stringify(all.join(" "))}`,
        },
      ],
    });
    const strict: ModelToolIndex = { server: "Sheets", tools: { Get: { ...tool, validate } } };
    for (const encoded of all) {
      const unknown = await callTool(modelCaller({ transport, ...options }), strict, encoded, {});
      const invalid = await callTool(modelCaller({ transport, ...options }), strict, "Get", { id: encoded });
      expect(unknown).toMatchObject({ isError: true, code: "validation_failed" });
      expect(leaks(JSON.stringify([unknown, invalid]))).toEqual([]);
    }
  });
});
