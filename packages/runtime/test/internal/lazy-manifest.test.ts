// lazyManifest: the manifest a generated package exports reads as the parsed manifest.json does,
// through every way a user reads an object, and parses its tools only when they are first read.
// manifestToolSchemas: the Standard Schemas read their tool's inputSchema only when asked for one.
import { describe, expect, it } from "vitest";
import { lazyManifest, manifestToolSchemas } from "../../src/internal/lazy-manifest.js";
import type { Manifest } from "../../src/manifest.js";

const head = {
  package: "@toolcat/mail",
  generatedFrom: "specs/mail.yaml",
  server: { name: "Mail", description: 'quotes " and \\ and \u2028' },
  vocabulary: { keywords: ["mail"] },
};
const tools = [
  { name: "Send", inputSchema: { type: "object", properties: { to: { type: "string" } } } },
  { name: "List", inputSchema: { type: "object" } },
];
const file = { ...head, tools };

/** A manifest over the texts of `file`, counting how often its tools text is read. */
function counted() {
  const reads = { tools: 0 };
  const manifest = lazyManifest<Manifest>(
    () => JSON.stringify(head),
    () => {
      reads.tools += 1;
      return JSON.stringify(tools);
    },
  );
  return { manifest, reads };
}

describe("lazyManifest", () => {
  it("gives the head at once and parses the tools on their first read only", () => {
    const { manifest, reads } = counted();
    expect(manifest.server.name).toBe("Mail");
    expect(Object.keys(manifest)).toEqual(Object.keys(file));
    expect(reads.tools).toBe(0);
    const first = manifest.tools;
    expect(first).toEqual(tools);
    expect(manifest.tools).toBe(first);
    expect(reads.tools).toBe(1);
  });

  it.each([
    ["JSON.stringify", (m: unknown) => JSON.parse(JSON.stringify(m)) as unknown],
    ["spreading", (m: unknown) => ({ ...(m as object) })],
    ["structuredClone", (m: unknown) => structuredClone(m)],
    ["Object.entries", (m: unknown) => Object.fromEntries(Object.entries(m as object))],
  ])("reads as the parsed file through %s", (_, read) => {
    expect(read(counted().manifest)).toEqual(file);
    expect(JSON.stringify(counted().manifest)).toBe(JSON.stringify(file));
  });

  it("takes a write of tools as a parsed JSON module's object does, unread", () => {
    const { manifest, reads } = counted();
    (manifest as { tools: unknown }).tools = [];
    expect(manifest.tools).toEqual([]);
    expect(reads.tools).toBe(0);
    expect(Object.getOwnPropertyDescriptor(manifest, "tools")).toMatchObject({ writable: true, enumerable: true });
  });

  it("leaves tools a plain data property once read", () => {
    const { manifest } = counted();
    void manifest.tools;
    expect(Object.getOwnPropertyDescriptor(manifest, "tools")).toEqual({
      value: tools,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });
});

describe("manifestToolSchemas", () => {
  const validators = {
    Send: { validate: (input: unknown) => ({ ok: true as const, value: input }) },
    List: { validate: () => ({ ok: false as const, issues: [{ path: "/a~1b", message: "bad", code: "x" }] }) },
  };

  it("builds one schema a tool, in the tools' order, parsing no tool until a JSON Schema is asked for", () => {
    const { manifest, reads } = counted();
    const schemas = manifestToolSchemas(manifest, validators as never);
    expect(Object.keys(schemas)).toEqual(["Send", "List"]);
    expect(schemas["Send"]!["~standard"].validate({ to: "a" })).toEqual({ value: { to: "a" } });
    expect(schemas["List"]!["~standard"].validate({})).toEqual({ issues: [{ message: "bad", path: ["a/b"] }] });
    expect(reads.tools).toBe(0);
    expect(schemas["Send"]!["~standard"].jsonSchema.input({ target: "draft-2020-12" })).toEqual(tools[0]!.inputSchema);
    expect(schemas["List"]!["~standard"].jsonSchema.output({ target: "draft-2020-12" })).toEqual({ type: "object" });
    expect(reads.tools).toBe(1);
  });

  it("says to regenerate when a validator's tool is missing from the manifest", () => {
    const schemas = manifestToolSchemas(counted().manifest, { Gone: validators.Send } as never);
    expect(() => schemas["Gone"]!["~standard"].jsonSchema.input({ target: "draft-07" })).toThrow(
      /lists no tool Gone: regenerate/,
    );
  });
});
