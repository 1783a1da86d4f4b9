// Every release package as `npm pack` makes it in this workspace (one through its prepack, which
// builds dist/; see support/tarballs.ts), installed from the tarballs into a directory outside the
// workspace (support/installed.ts) and imported there under Node as an ES module: what a fresh clone
// can publish works once installed.
// The installed toolcat-mcp (one module with the MCP SDK inlined) serves each mode over stdio and HTTP.
import { spawn } from "node:child_process";
import { readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { releasePackages } from "../../generators/src/release/packages.ts";
import { workspaceRoot } from "../support/packages.ts";
import { cleanEnv, run } from "../support/process.ts";
import { installedProject } from "./support/installed.ts";
import { prepackedPackage } from "./support/tarballs.ts";

const packages = releasePackages(workspaceRoot);
let consumer: string;

/** One export each package must have once imported: its reason to exist. */
const expectedExport = (name: string): string =>
  ({ "@toolcat/runtime": "createHttpTransport", "@toolcat/code": "runCode", "@toolcat/mcp": "createMcpServer" })[
    name
  ] ?? "manifest";

describe("packing every package and importing it outside the workspace", () => {
  beforeAll(() => {
    consumer = realpathSync(installedProject());
    // The prepacked package's prepack builds the runtime and then the package itself: both dist/index.js
    // must be newer than the start of the run, which packed them. (dist/ is swapped in whole, so tests
    // reading it meanwhile are not disturbed.)
    for (const dir of ["packages/runtime", `packages/${prepackedPackage.slice("@toolcat/".length)}`])
      expect(statSync(join(workspaceRoot, dir, "dist/index.js")).mtimeMs, dir).toBeGreaterThanOrEqual(
        inject("e2eStarted") - 1,
      );
  });

  it.each(packages.map((pkg) => [pkg.name]))("%s imports from its installed tarball", (name) => {
    const installed = realpathSync(join(consumer, "node_modules", name));
    expect(installed.startsWith(consumer), installed).toBe(true);
    const script =
      `const m = await import(${JSON.stringify(name)}); console.log(typeof ` +
      `m[${JSON.stringify(expectedExport(name))}]);`;
    const imported = run(process.execPath, ["--input-type=module", "-e", script], consumer);
    expect(imported.output.trim()).toMatch(/^(object|function)$/);
    expect(imported.status).toBe(0);
  });

  describe("the installed toolcat-mcp command", () => {
    const bin = () => join(consumer, "node_modules/@toolcat/mcp/bin/toolcat-mcp.js");
    const manifest = JSON.parse(readFileSync(join(workspaceRoot, "packages/cloud-sheets/manifest.json"), "utf8")) as {
      tools: { fullName: string }[];
    };
    const modes = [
      ["tools", manifest.tools.map((tool) => tool.fullName.replace(".", "_"))],
      ["search", ["search_tools", "describe_tools", "call_tool"]],
      ["code", ["search_tools", "describe_tools", "execute_code"]],
    ] as const;
    /** One call a mode answers without an engine, and what its result holds. */
    const probes = {
      tools: ["CloudSheets_GetSpreadsheet", { max_rows: 5000 }, { isError: true }],
      search: [
        "search_tools",
        { query: "add a note to a cell", limit: 1 },
        { structuredContent: { tools: [{ name: "CloudSheets_AddNoteToCell" }] } },
      ],
      code: ["execute_code", { code: "return 6 * 7;" }, { structuredContent: { ok: true, value: 42 } }],
    } as const;
    const env = () =>
      Object.fromEntries(
        Object.entries(cleanEnv()).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
    /** Connects `client` over `transport`, checks what `mode` lists and answers, and closes it. */
    const expectServes = async (
      client: Client,
      transport: Parameters<Client["connect"]>[0],
      mode: (typeof modes)[number][0],
    ): Promise<void> => {
      await client.connect(transport);
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(modes.find(([m]) => m === mode)?.[1]);
        const [name, args, expected] = probes[mode];
        expect((await client.callTool({ name, arguments: args })) as CallToolResult).toMatchObject(expected);
      } finally {
        await client.close();
      }
    };

    it("is one module that imports no part of the MCP SDK, and ships the inlined packages' licences", () => {
      const dist = join(consumer, "node_modules/@toolcat/mcp/dist");
      const imports = [...readFileSync(join(dist, "cli.js"), "utf8").matchAll(/^import .* from "([^"]+)";$/gm)].map(
        (match) => match[1],
      );
      expect(imports).toContain("@toolcat/runtime");
      for (const specifier of imports) expect(specifier).toMatch(/^(node:|@toolcat\/runtime)/);
      const notices = readFileSync(join(dist, "THIRD_PARTY_NOTICES.md"), "utf8");
      for (const name of ["@modelcontextprotocol/server", "@modelcontextprotocol/core", "zod", "ajv"])
        expect(notices).toMatch(new RegExp(`^## ${name} \\d`, "m"));
      expect(notices).toContain("Apache License");
    });

    it.each(modes)("serves %s mode over stdio", async (mode) => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [bin(), "--mode", mode, "@toolcat/cloud-sheets"],
        cwd: consumer,
        env: env(),
        stderr: "pipe",
      });
      await expectServes(new Client({ name: "pack-e2e", version: "1.0.0" }), transport, mode);
    });

    it.each(modes)("serves %s mode over Streamable HTTP to a 2026-07-28 client", async (mode) => {
      const child = spawn(process.execPath, [bin(), "--mode", mode, "--http", "0", "@toolcat/cloud-sheets"], {
        cwd: consumer,
        env: env(),
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      try {
        const url = await new Promise<URL>((resolve, reject) => {
          const poll = setInterval(() => {
            const match = /serving .* at (http:\/\/\S+)/.exec(stderr);
            if (match?.[1] !== undefined) resolve(new URL(match[1]));
            else if (child.exitCode !== null) reject(new Error(`toolcat-mcp did not start:\n${stderr}`));
            else return;
            clearInterval(poll);
          }, 50);
        });
        const client = new Client(
          { name: "pack-e2e", version: "1.0.0" },
          { versionNegotiation: { mode: { pin: "2026-07-28" } } },
        );
        await expectServes(client, new StreamableHTTPClientTransport(url), mode);
      } finally {
        child.kill("SIGTERM");
        expect(await exited, stderr).toBe(0);
      }
    });
  });
});
