// Every route a model reads a tool from says the same thing: each package's tools/*.json (every
// provider format, per-group files where a package ships no whole OpenAI list, the deferred files
// of tool search), its manifest.json
// and what this server lists over MCP give each of the catalog's tools one name, one title, one
// description (MCP's ending with the tool's first example, as MCP has no examples field) and one
// description per parameter. And a call reads the same either way: for a
// seeded sample of each package's tools, valid, mutated and unknown-key arguments called through
// handleToolCall and through MCP tools/call give the same text and error flag (and the same
// structured content for an object value), over one client.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Tool } from "@modelcontextprotocol/client";
import { createMemoryTransport, type Manifest, type ModelToolResult } from "@toolcat/runtime";
import { withExample } from "@toolcat/runtime/internal";
import { describe, expect, it } from "vitest";
import { mutatedInput, validInput } from "../../../test/support/inputs.ts";
import { random, seed } from "../../runtime/test/support/encodings.ts";
import { createToolkitClient, type Toolkit } from "../src/toolkit.ts";
import { call, connectInMemory } from "./support/in-memory.ts";
import { workspaceRoot } from "./support/toolkits.ts";

const packagesDir = join(workspaceRoot, "packages");
const slugs = readdirSync(packagesDir)
  .filter((slug) => existsSync(join(packagesDir, slug, "manifest.json")))
  .sort();

/** What one route shows a model of one tool. */
interface Shown {
  readonly name: string;
  readonly title?: string | undefined;
  readonly description: string | undefined;
  /** Each parameter's description ("" when it has none). */
  readonly parameters: Readonly<Record<string, string>>;
}

type Schema = { readonly properties?: Readonly<Record<string, { readonly description?: string }>> };

const parameterText = (schema: Schema): Record<string, string> =>
  Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, property.description ?? ""]),
  );

type Entry = Record<string, unknown>;

/** How each provider file shows a tool. */
const formats: Readonly<Record<string, (entry: Entry) => Shown>> = {
  "openai-chat.json": (entry) => {
    const fn = entry["function"] as Entry;
    return {
      name: fn["name"] as string,
      description: fn["description"] as string,
      parameters: parameterText(fn["parameters"] as Schema),
    };
  },
  "openai-responses.json": (entry) => ({
    name: entry["name"] as string,
    description: entry["description"] as string,
    parameters: parameterText(entry["parameters"] as Schema),
  }),
  "anthropic.json": (entry) => ({
    name: entry["name"] as string,
    description: entry["description"] as string,
    parameters: parameterText(entry["input_schema"] as Schema),
  }),
  "mcp.json": (entry) => ({
    name: entry["name"] as string,
    title: entry["title"] as string,
    description: entry["description"] as string,
    parameters: parameterText(entry["inputSchema"] as Schema),
  }),
};

/** The routes whose format has a title; OpenAI's and Anthropic's tool formats have none. */
const titled = new Set(["mcp.json", "MCP tools/list"]);

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

/** A format's entries for the whole package: its file, or its per-group files when it ships none. */
function fileEntries(slug: string, file: string): Entry[] {
  const tools = join(packagesDir, slug, "tools");
  if (existsSync(join(tools, file))) return readJson(join(tools, file)) as Entry[];
  const groups = join(tools, "groups");
  return readdirSync(groups)
    .sort()
    .flatMap((group) => readJson(join(groups, group, file)) as Entry[]);
}

/** The deferred files: Anthropic's tools after its search tool, OpenAI's functions inside their namespaces. */
const deferred: Readonly<Record<string, (slug: string) => Shown[]>> = {
  "anthropic-deferred.json": (slug) =>
    (readJson(join(packagesDir, slug, "tools", "anthropic-deferred.json")) as Entry[])
      .filter((entry) => "input_schema" in entry)
      .map(formats["anthropic.json"]!),
  "openai-responses-deferred.json": (slug) =>
    (readJson(join(packagesDir, slug, "tools", "openai-responses-deferred.json")) as Entry[])
      .flatMap((entry) => (entry["type"] === "namespace" ? (entry["tools"] as Entry[]) : []))
      .map(formats["openai-responses.json"]!),
};

const listed = (tool: Tool): Shown => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  parameters: parameterText(tool.inputSchema as Schema),
});

describe.each(slugs)("%s: one text per tool on every route", (slug) => {
  it("tools/*.json, manifest.json and MCP tools/list agree on names, titles and descriptions", async () => {
    const manifest = readJson(join(packagesDir, slug, "manifest.json")) as Manifest;
    const toolkit = (await import(`../../${slug}/src/index.ts`)) as Toolkit;
    const client = await connectInMemory({ toolkit, transport: createMemoryTransport({}), env: false });
    const { tools } = await client.listTools();
    const routes: Record<string, readonly Shown[]> = {
      ...Object.fromEntries(Object.entries(formats).map(([file, show]) => [file, fileEntries(slug, file).map(show)])),
      ...Object.fromEntries(Object.entries(deferred).map(([file, read]) => [file, read(slug)])),
      "MCP tools/list": tools.map(listed),
    };
    const expected = manifest.tools.map((tool): Shown => ({
      name: tool.modelName,
      title: tool.title,
      description: tool.modelDescription,
      parameters: parameterText(tool.inputSchema as Schema),
    }));
    for (const [route, shown] of Object.entries(routes)) {
      const byName = new Map(shown.map((tool) => [tool.name, tool]));
      expect(byName.size, route).toBe(expected.length);
      for (const [index, { title, ...rest }] of expected.entries()) {
        const tool = manifest.tools[index]!;
        const mcp = { ...rest, title, description: withExample(tool.modelDescription, tool.examples) };
        expect(byName.get(rest.name), `${route} ${rest.name}`).toEqual(titled.has(route) ? mcp : rest);
      }
    }
  });
});

/** What a handler answers, by the tool's place in the sample: an object, text, a list, or a failure. */
const answers: readonly ((input: unknown) => unknown)[] = [
  (input) => ({ rows: [["A1", 2]], input }),
  () => "plain text answer",
  () => [1, "two"],
  () => {
    throw new Error("the engine is down");
  },
];

describe.each(slugs)("%s: the same call result through handleToolCall and MCP", (slug) => {
  it(`for a seeded sample of tools (TOOLCAT_SEED=${seed})`, async () => {
    const toolkit = (await import(`../../${slug}/src/index.ts`)) as Toolkit;
    const handleToolCall = toolkit["handleToolCall"] as (
      client: unknown,
      name: string,
      args: unknown,
    ) => Promise<ModelToolResult>;
    const rng = random(seed);
    const shuffled = toolkit.manifest.tools.map((tool) => ({ tool, key: rng() })).sort((a, b) => a.key - b.key);
    const sample = shuffled.slice(0, 6).map(({ tool }) => tool);
    const handlers = Object.fromEntries(sample.map((tool, i) => [tool.fullName, answers[i % answers.length]!]));
    const secrets = Object.fromEntries(
      toolkit.manifest.tools.flatMap((tool) => tool.secrets.map((name) => [name, "secret-value"])),
    );
    const client = createToolkitClient(toolkit, { transport: createMemoryTransport(handlers), secrets, env: false });
    const mcp = await connectInMemory({ toolkit, client });
    const outcomes: string[] = [];
    for (const tool of sample) {
      const valid = validInput(tool.inputSchema, rng, "execute");
      // Without top-level nulls: handleToolCall drops the nulls OpenAI strict mode sends for
      // optional parameters, while MCP lists the full schema, where null is an issue.
      const mutated = Object.fromEntries(
        Object.entries(mutatedInput(tool.inputSchema, rng)).filter(([, value]) => value !== null),
      );
      for (const args of [valid, mutated, { ...valid, toolcat_unknown_key: 1 }]) {
        const direct = await handleToolCall(client, tool.modelName, args);
        const served = await call(mcp, tool.modelName, args);
        const where = `${tool.fullName} ${JSON.stringify(args)}`;
        expect(served.content, where).toEqual(direct.content);
        expect(served.isError ?? false, where).toBe(direct.isError);
        if (direct.structuredContent !== undefined)
          expect(served.structuredContent, where).toEqual(direct.structuredContent);
        outcomes.push(direct.isError ? (direct.code ?? "") : "ok");
      }
    }
    // The sample reaches both kinds of answer the model reads: values and the package's issues.
    expect(outcomes).toContain("ok");
    expect(outcomes).toContain("validation_failed");
  });
});
