// The README's "Use with a model" examples, as shipped: the packed tarballs are installed into a project
// outside the workspace with the provider libraries (support/installed.ts, shared with pack.test.ts; this
// file's project links its node_modules), each example is taken from the installed README, wrapped in a
// harness that scripts the model's turns (fixtures/model), type-checked with strict tsc and run with
// node. Each example is a complete loop (or the library's own): the model asks for
// CloudSheets_GetSpreadsheet by its model name twice, the valid call runs through the in-memory
// transport and the model reads its value alone, the invalid one comes back as the package's message
// with its JSON pointer, flagged as an error where the library has that notion, and the model then
// answers. The tool search examples also search (server-side, client-side, narrowed lists) first.
// recruit-api, over OpenAI's 128 tools a request, runs its OpenAI Agents example: the agent sends only
// the tools selectTools picks, and a non-strict tool's open object keys reach the tool.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceRoot } from "../support/packages.ts";
import { cleanEnv, run } from "../support/process.ts";
import { installedProject } from "./support/installed.ts";

const examples = {
  OpenAI: "openai",
  Anthropic: "anthropic",
  "Vercel AI SDK": "ai-sdk",
  LangChain: "langchain",
  "OpenAI Agents": "openai-agents",
  MCP: "mcp",
  Gemini: "gemini",
  "OpenAI Responses, tool search": "openai-responses-search",
  "Anthropic, tool search": "anthropic-search",
  "Anthropic, client-side search": "anthropic-client-search",
  "Vercel AI SDK, active tools": "ai-sdk-search",
  "MCP, search mode": "mcp-search",
} as const;
const fixtures = join(workspaceRoot, "test", "e2e", "fixtures", "model");
const tsc = join(workspaceRoot, "node_modules", "typescript-native", "bin", "tsc");
const marker = "/* README example */";

/** The ```ts blocks of the README's "Use with a model" section, by the heading above each. */
function modelExamples(readme: string): Map<string, string> {
  const section = readme.split("\n## Use with a model\n")[1]?.split("\n## ")[0] ?? "";
  const blocks = new Map<string, string>();
  for (const part of section.split("\n### ").slice(1)) {
    const code = /```ts\n([\s\S]*?)\n```/.exec(part)?.[1];
    if (code !== undefined) blocks.set(part.split("\n")[0] ?? "", code);
  }
  return blocks;
}

interface Outcome {
  readonly received: unknown[];
  readonly [key: string]: unknown;
}

describe("the README's model integrations, from the packed packages", () => {
  const project = mkdtempSync(join(realpathSync(tmpdir()), "toolcat-models-"));
  let readme = "";
  let recruitReadme = "";
  const outcome = (name: string): Outcome => {
    const result = run(process.execPath, [`dist/${name}.js`], project, {
      OPENAI_API_KEY: "sk-test",
      ANTHROPIC_API_KEY: "sk-ant-test",
      GEMINI_API_KEY: "gemini-test",
    });
    expect(result.status, result.output).toBe(0);
    return JSON.parse(result.stdout) as Outcome;
  };

  beforeAll(() => {
    writeFileSync(
      join(project, "package.json"),
      `${JSON.stringify({ name: "toolcat-models", private: true, type: "module" })}\n`,
    );
    symlinkSync(join(installedProject(), "node_modules"), join(project, "node_modules"), "dir");
    readme = readFileSync(join(project, "node_modules", "@toolcat", "cloud-sheets", "README.md"), "utf8");
    recruitReadme = readFileSync(join(project, "node_modules", "@toolcat", "recruit-api", "README.md"), "utf8");
    mkdirSync(join(project, "src"));
    copyFileSync(join(fixtures, "turn.ts"), join(project, "src", "turn.ts"));
    for (const [title, code] of modelExamples(readme)) {
      const name = examples[title as keyof typeof examples];
      const harness = readFileSync(join(fixtures, `${name}.ts`), "utf8");
      writeFileSync(join(project, "src", `${name}.ts`), harness.replace(marker, code));
    }
    const recruitHarness = readFileSync(join(fixtures, "openai-agents-recruit.ts"), "utf8");
    writeFileSync(
      join(project, "src", "openai-agents-recruit.ts"),
      recruitHarness.replace(marker, modelExamples(recruitReadme).get("OpenAI Agents") ?? ""),
    );
    const tsconfig = {
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        module: "NodeNext",
        moduleResolution: "NodeNext",
        target: "ES2022",
        lib: ["ES2022", "DOM"],
        types: [],
        resolveJsonModule: true,
        skipLibCheck: true,
        rootDir: "src",
        outDir: "dist",
      },
      include: ["src"],
    };
    writeFileSync(join(project, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it.each(["cloud-sheets", "recruit-api"])(
    "%s has one example per integration, each at most eight lines of glue besides imports",
    (slug) => {
      const blocks = modelExamples(slug === "recruit-api" ? recruitReadme : readme);
      expect([...blocks.keys()]).toEqual(Object.keys(examples));
      for (const [title, code] of blocks) {
        const glue = code.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("import "));
        expect(glue.length, title).toBeLessThanOrEqual(8);
      }
    },
  );

  it("type-checks every example with strict tsc", () => {
    const check = run(process.execPath, [tsc, "-p", "tsconfig.json"], project);
    expect(check.output).toBe("");
    expect(check.status).toBe(0);
  });

  const toolName = "CloudSheets_GetSpreadsheet";
  const invalidText = expect.stringMatching(/Invalid arguments for CloudSheets\.GetSpreadsheet:\n- \/max_rows: .*1000/);
  const valid = { spreadsheet_id: "sheet-1", max_rows: 2 };

  it(
    "OpenAI: selectTools sends the matching tools, and " + "tool messages carry the answer and the validation error",
    () => {
      const { turns, sentTools, messages, received } = outcome("openai");
      expect(turns).toBe(2);
      expect((sentTools as string[])[0]).toBe(toolName);
      expect((sentTools as string[]).length).toBeLessThanOrEqual(9);
      expect(received).toEqual([valid]);
      expect((messages as { role: string; content?: unknown }[]).filter((m) => m.role === "tool")).toEqual([
        { role: "tool", tool_call_id: "call_0", content: JSON.stringify({ rows: [["Ada", 36]] }) },
        { role: "tool", tool_call_id: "call_1", content: invalidText },
      ]);
      expect((messages as { role: string; content?: unknown }[]).at(-1)).toMatchObject({
        role: "assistant",
        content: "Ada, 36.",
      });
    },
  );

  it("Anthropic: tool_result blocks carry the answer and the validation error, flagged is_error", () => {
    const { turns, sentTools, messages, received } = outcome("anthropic");
    expect({ turns, sentTools }).toEqual({ turns: 2, sentTools: 9 });
    expect(received).toEqual([valid]);
    expect((messages as { content: unknown }[])[2]).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_0",
          content: JSON.stringify({ rows: [["Ada", 36]] }),
          is_error: false,
        },
        { type: "tool_result", tool_use_id: "toolu_1", content: invalidText, is_error: true },
      ],
    });
  });

  it(
    "AI SDK: the model reads only the tool's value and, for the invalid call, a tool error with the package " +
      "validator's issue",
    () => {
      const { text, steps, sentTools, toolMessages, received } = outcome("ai-sdk");
      expect({ text, steps, sentTools }).toEqual({ text: "Ada, 36.", steps: 2, sentTools: 9 });
      expect(received).toEqual([valid]);
      const parts = (toolMessages as { content: { toolCallId: string; output: unknown }[] }[]).flatMap(
        (m) => m.content,
      );
      expect(parts.map((p) => p.toolCallId)).toEqual(["call_0", "call_1"]);
      expect(parts[0]?.output).toEqual({ type: "json", value: { rows: [["Ada", 36]] } });
      expect(parts[1]?.output).toEqual({ type: "error-text", value: invalidText });
    },
  );

  it("LangChain: ToolMessages carry the answer and the package's issue with status error; the loop goes on", () => {
    const { turns, results, received } = outcome("langchain");
    expect(turns).toBe(2);
    expect(received).toEqual([valid]);
    expect(results).toEqual([
      { id: "call_0", content: JSON.stringify({ rows: [["Ada", 36]] }), status: "success" },
      { id: "call_1", content: invalidText, status: "error" },
    ]);
  });

  it("OpenAI Agents: the agent sends strict tools and gets back the answer and the package's issue", () => {
    const { turns, finalOutput, strict, sentTools, outputs, received } = outcome("openai-agents");
    expect({ turns, finalOutput, strict, sentTools }).toEqual({
      turns: 2,
      finalOutput: "Ada, 36.",
      strict: true,
      sentTools: 9,
    });
    expect(received).toEqual([valid]);
    expect(outputs).toMatchObject([
      { call_id: "call_0", output: JSON.stringify({ rows: [["Ada", 36]] }) },
      { call_id: "call_1", output: invalidText },
    ]);
  });

  it(
    "OpenAI Agents, recruit-api: at most selectTools' 20 tools are sent; a non-strict tool's open keys " +
      "reach the tool",
    () => {
      const { finalOutput, sentTools, strict, outputs, received } = outcome("openai-agents-recruit");
      const args = { application_source_details: { applicationId: "42", sourceId: "7" } };
      expect({ finalOutput, strict, received }).toEqual({ finalOutput: "Changed.", strict: false, received: [args] });
      expect(sentTools).toBeGreaterThan(0);
      expect(sentTools).toBeLessThanOrEqual(20);
      expect(outputs).toMatchObject([{ call_id: "call_0", output: JSON.stringify({ changed: true }) }]);
    },
  );

  it(
    "Gemini: the model's signed calls go back with function responses carrying the output and the " +
      "validation error",
    () => {
      const { turns, sentTools, contents, received } = outcome("gemini");
      expect({ turns, sentTools }).toEqual({ turns: 2, sentTools: 9 });
      expect(received).toEqual([valid]);
      const [, model, answers] = contents as { role: string; parts: Record<string, unknown>[] }[];
      expect(model?.parts.map((p) => p["thoughtSignature"])).toEqual(["sig_0", "sig_1"]);
      expect(answers).toEqual({
        role: "user",
        parts: [
          {
            functionResponse: {
              id: "call_0",
              name: toolName,
              response: { output: JSON.stringify({ rows: [["Ada", 36]] }) },
            },
          },
          { functionResponse: { id: "call_1", name: toolName, response: { error: invalidText } } },
        ],
      });
    },
  );

  const toolResults = [
    { type: "tool_result", tool_use_id: "toolu_0", content: JSON.stringify({ rows: [["Ada", 36]] }), is_error: false },
    { type: "tool_result", tool_use_id: "toolu_1", content: invalidText, is_error: true },
  ];

  it(
    "OpenAI Responses: tool_search and deferred namespaces " + "are sent; outputs go back with the previous response",
    () => {
      const { turns, sentTools, second, received } = outcome("openai-responses-search");
      expect(turns).toBe(2);
      const tools = sentTools as { type: string; name?: string; tools?: { defer_loading?: boolean }[] }[];
      expect(tools[0]).toEqual({ type: "tool_search" });
      expect(
        tools.slice(1).every((t) => t.type === "namespace" && t.tools!.every((f) => f.defer_loading === true)),
      ).toBe(true);
      expect(received).toEqual([valid]);
      expect(second).toEqual({
        previous: "resp_1",
        input: [
          { type: "function_call_output", call_id: "call_0", output: JSON.stringify({ rows: [["Ada", 36]] }) },
          { type: "function_call_output", call_id: "call_1", output: invalidText },
        ],
      });
    },
  );

  it(
    "Anthropic tool search: the BM25 tool and deferred " + "tools are sent; the loop answers the loaded tool's calls",
    () => {
      const { turns, sentTools, messages, received } = outcome("anthropic-search");
      expect(turns).toBe(2);
      const tools = sentTools as { type?: string; name: string; defer_loading?: boolean }[];
      expect(tools[0]).toEqual({ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" });
      expect(tools.slice(1).every((t) => t.defer_loading === true)).toBe(true);
      expect(received).toEqual([valid]);
      expect((messages as unknown[])[2]).toEqual({ role: "user", content: toolResults });
    },
  );

  it("Anthropic client-side search: search_tools answers with tool_reference blocks, then the tool runs", () => {
    const { turns, sentTools, messages, received } = outcome("anthropic-client-search");
    expect(turns).toBe(3);
    const tools = sentTools as { name: string; defer_loading?: boolean }[];
    expect(tools[0]?.name).toBe("search_tools");
    expect(tools.slice(1).every((t) => t.defer_loading === true)).toBe(true);
    expect((messages as { content: unknown }[])[2]).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_s",
          content: [{ type: "tool_reference", tool_name: toolName }, expect.any(Object)],
          is_error: false,
        },
      ],
    });
    expect(received).toEqual([valid]);
    expect((messages as unknown[])[4]).toEqual({ role: "user", content: toolResults });
  });

  it("AI SDK active tools: each step offers only the searched and called tools", () => {
    const { text, steps, sentTools, received } = outcome("ai-sdk-search");
    expect({ text, steps }).toEqual({ text: "Ada, 36.", steps: 2 });
    for (const names of sentTools as string[][]) {
      expect(names).toContain(toolName);
      expect(names.length).toBeLessThanOrEqual(6);
    }
    expect(received).toEqual([valid]);
  });

  it("MCP search mode: search_tools, describe_tools and call_tool over stdio", async () => {
    const env = Object.fromEntries(
      Object.entries(cleanEnv()).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["dist/mcp-search.js"],
      cwd: project,
      env,
      stderr: "pipe",
    });
    const client = new Client({ name: "model-e2e", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        "search_tools",
        "describe_tools",
        "call_tool",
      ]);
      const found = await client.callTool({ name: "search_tools", arguments: { query: "Read the rows of sheet-1" } });
      expect((found.structuredContent as { tools: { name: string }[] }).tools[0]?.name).toBe(toolName);
      const described = await client.callTool({ name: "describe_tools", arguments: { names: [toolName] } });
      expect(JSON.stringify(described.structuredContent)).toContain("spreadsheet_id");
      const ok = await client.callTool({ name: "call_tool", arguments: { name: toolName, arguments: valid } });
      expect(ok.structuredContent).toEqual({ rows: [["Ada", 36]] });
      const bad = await client.callTool({
        name: "call_tool",
        arguments: { name: toolName, arguments: { spreadsheet_id: "sheet-1", max_rows: 5000 } },
      });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("MCP: the server lists model names and descriptions and answers both calls", async () => {
    const env = Object.fromEntries(
      Object.entries(cleanEnv()).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["dist/mcp.js"],
      cwd: project,
      env,
      stderr: "pipe",
    });
    const client = new Client({ name: "model-e2e", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      const manifest = JSON.parse(
        readFileSync(join(project, "node_modules", "@toolcat", "cloud-sheets", "manifest.json"), "utf8"),
      ) as {
        tools: { modelName: string; modelDescription: string; examples: unknown[] }[];
      };
      // The model description, then the first example call (MCP has no examples field).
      const described = (t: (typeof manifest.tools)[number]) =>
        t.examples.length === 0
          ? t.modelDescription
          : `${t.modelDescription} Example: ${JSON.stringify(t.examples[0])}`;
      expect(tools.map((t) => [t.name, t.description])).toEqual(manifest.tools.map((t) => [t.modelName, described(t)]));
      const ok = await client.callTool({ name: "CloudSheets_GetSpreadsheet", arguments: valid });
      expect(ok.isError ?? false).toBe(false);
      const bad = await client.callTool({
        name: "CloudSheets_GetSpreadsheet",
        arguments: { spreadsheet_id: "sheet-1", max_rows: 5000 },
      });
      expect(bad.isError).toBe(true);
      expect(JSON.stringify(bad.content)).toContain("max_rows");
    } finally {
      await client.close();
    }
  });
});
