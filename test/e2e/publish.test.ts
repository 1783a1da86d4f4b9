// Publish the runtime and one server package to a real registry (a local Verdaccio), install the
// server package into a fresh project outside the workspace, and use it the way a consumer would:
// type-check with strict tsc (a wrong parameter type must not compile), then run it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client as ModernClient } from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdioTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installedSize, mcpInstallTarget } from "../../tools/bench/install-size.ts";
import { workspaceRoot } from "../support/packages.ts";
import { cleanEnv, run } from "../support/process.ts";
import { tarballOf } from "./support/tarballs.ts";
import { startVerdaccio, type LocalRegistry } from "./support/verdaccio.ts";

// @toolcat/code (code mode) is an optional peer of @toolcat/mcp: published, but not installed below.
const published = ["runtime", "code", "cloud-sheets", "mcp"] as const;
const installed = ["runtime", "cloud-sheets", "mcp"] as const;
/** The registry the developer's own npm uses, read before any test changes npm's configuration. */
const upstreamRegistry = run("npm", ["config", "get", "registry"], workspaceRoot).stdout.trim();
const tsc = join(workspaceRoot, "node_modules", "typescript-native", "bin", "tsc");

function versionOf(slug: string): string {
  return (
    JSON.parse(readFileSync(join(workspaceRoot, "packages", slug, "package.json"), "utf8")) as { version: string }
  ).version;
}

const consumerFiles: Record<string, string> = {
  "package.json": `${JSON.stringify({ name: "toolcat-consumer", private: true, type: "module" }, null, 2)}\n`,
  // The consumer's own strict settings; the published declarations are checked too (no skipLibCheck).
  // TypeScript's own lib files are not under test, so they are not checked (skipDefaultLibCheck).
  "tsconfig.json": `${JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        module: "NodeNext",
        moduleResolution: "NodeNext",
        target: "ES2022",
        lib: ["ES2022", "DOM"],
        types: [],
        rootDir: "src",
        outDir: "dist",
        skipLibCheck: false,
        skipDefaultLibCheck: true,
      },
      files: ["src/main.ts"],
    },
    null,
    2,
  )}\n`,
  "tsconfig.wrong.json":
    JSON.stringify(
      { extends: "./tsconfig.json", compilerOptions: { noEmit: true }, files: ["src/wrong.ts"] },
      null,
      2,
    ) + "\n",
  "src/main.ts":
    "import { createCloudSheetsClient, createInMemoryTransport, ValidationError, type GetSpreadsheetInput } " +
    `from "@toolcat/cloud-sheets";

const requests: unknown[] = [];
const client = createCloudSheetsClient({
  transport: createInMemoryTransport({
    "CloudSheets.GetSpreadsheet": async (input) => {
      requests.push(input);
      return { rows: [["Name", "Score"], ["Ada", 36]] };
    },
  }),
});

const range: GetSpreadsheetInput = { spreadsheet_id: "sheet-1", max_rows: 2 };
const result = await client.getSpreadsheet(range);

// Above the spec's maximum of 1000: the client must reject it before the transport sees it.
let rejected = "not rejected";
try {
  await client.getSpreadsheet({ spreadsheet_id: "sheet-1", max_rows: 5000 });
} catch (error) {
  rejected = error instanceof ValidationError ? "ValidationError" : String(error);
}
console.log(JSON.stringify({ result, requests, rejected }));
`,
  "src/wrong.ts": `import { createCloudSheetsClient, createInMemoryTransport } from "@toolcat/cloud-sheets";

const client = createCloudSheetsClient({ transport: createInMemoryTransport({}) });
await client.getSpreadsheet({ spreadsheet_id: "sheet-1", max_rows: "5" });
`,
};

describe("publishing @toolcat/cloud-sheets to a registry and using it from a clean project", () => {
  let registry: LocalRegistry | undefined;
  const consumer = mkdtempSync(join(realpathSync(tmpdir()), "toolcat-consumer-"));
  const npm = (args: readonly string[], cwd: string): ReturnType<LocalRegistry["npm"]> => {
    if (registry === undefined) throw new Error("registry not started");
    return registry.npm(args, cwd);
  };

  beforeAll(async () => {
    // The tarballs `npm publish` would pack now (support/tarballs.ts).
    registry = await startVerdaccio(workspaceRoot);
    for (const slug of published) {
      const publish = npm(["publish", tarballOf(slug), "--access", "public"], consumer);
      expect(publish.status, publish.output).toBe(0);
    }
    for (const [path, text] of Object.entries(consumerFiles)) {
      mkdirSync(dirname(join(consumer, path)), { recursive: true });
      writeFileSync(join(consumer, path), text);
    }
    // As a user's npm would: @toolcat/* from the local registry, third-party dependencies (the MCP
    // SDK, @standard-schema/spec) from the registry this machine's npm is configured with (Verdaccio
    // has no uplinks), from the npm cache where possible.
    writeFileSync(join(consumer, ".npmrc-consumer"), "");
    const install = run(
      "npm",
      [
        "install",
        "@toolcat/cloud-sheets",
        "@toolcat/mcp",
        `--@toolcat:registry=${registry.url}`,
        `--registry=${upstreamRegistry}`,
        "--userconfig",
        join(consumer, ".npmrc-consumer"),
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
      ],
      consumer,
    );
    expect(install.status, install.output).toBe(0);
  });

  afterAll(async () => {
    await registry?.stop();
    rmSync(consumer, { recursive: true, force: true });
  });

  it("serves the workspace versions, with the runtime range the generator wrote", () => {
    const view = npm(["view", "@toolcat/cloud-sheets", "version", "dependencies", "--json"], consumer);
    expect(view.status, view.output).toBe(0);
    expect(JSON.parse(view.stdout)).toEqual({
      version: versionOf("cloud-sheets"),
      dependencies: { "@toolcat/runtime": `^${versionOf("runtime")}` },
    });
  });

  it("installs both packages from that registry into the consumer's own node_modules", () => {
    const lock = JSON.parse(readFileSync(join(consumer, "package-lock.json"), "utf8")) as {
      packages: Record<string, { version?: string; resolved?: string }>;
    };
    for (const slug of installed) {
      const entry = lock.packages[`node_modules/@toolcat/${slug}`];
      expect(entry?.version).toBe(versionOf(slug));
      expect(entry?.resolved?.startsWith(registry?.url ?? "(none)"), entry?.resolved).toBe(true);
      // A real copy, not a link back into the workspace.
      expect(realpathSync(join(consumer, "node_modules", "@toolcat", slug)).startsWith(consumer)).toBe(true);
    }
  });

  it("installs @toolcat/mcp without code mode's TypeScript and QuickJS, and puts no tsc in node_modules/.bin", () => {
    for (const absent of ["@toolcat/code", "typescript", "quickjs-emscripten", ".bin/tsc", ".bin/tsserver"]) {
      expect(existsSync(join(consumer, "node_modules", absent)), absent).toBe(false);
    }
  });

  // toolcat-mcp carries the parts of the MCP SDK it runs (inlined at build time), so the SDK, zod and
  // hono are not installed; with its production dependencies the package stays within the target.
  it(`installs @toolcat/mcp without the MCP SDK, in at most ${mcpInstallTarget / 1024 / 1024} MiB`, () => {
    for (const absent of ["@modelcontextprotocol", "zod", "hono", "@hono"])
      expect(existsSync(join(consumer, "node_modules", absent)), absent).toBe(false);
    const size = installedSize(consumer, "@toolcat/mcp");
    expect(size.hasTsc).toBe(false);
    expect(size.bytes).toBeGreaterThan(0);
    expect(size.bytes).toBeLessThanOrEqual(mcpInstallTarget);
  });

  it("says in one line how to add code mode when --mode code is asked for without @toolcat/code", () => {
    const served = run("npx", ["--no", "--", "toolcat-mcp", "--mode", "code", "@toolcat/cloud-sheets"], consumer);
    expect(served.status, served.output).toBe(1);
    expect(served.output).toMatch(
      /^toolcat-mcp: --mode code needs @toolcat\/code, which is not installed: npm install @toolcat\/code\n$/,
    );
  });

  it("type-checks a correct consumer file with strict tsc", () => {
    const check = run(process.execPath, [tsc, "-p", "tsconfig.json"], consumer);
    expect(check.output).toBe("");
    expect(check.status).toBe(0);
  });

  it("does not compile a call with a wrong parameter type", () => {
    const check = run(process.execPath, [tsc, "-p", "tsconfig.wrong.json"], consumer);
    expect(check.status).not.toBe(0);
    const line = consumerFiles["src/wrong.ts"]?.split("\n").findIndex((l) => l.includes('max_rows: "5"')) ?? -1;
    const column = (consumerFiles["src/wrong.ts"]?.split("\n")[line]?.indexOf("max_rows") ?? -1) + 1;
    expect(check.output.trim()).toBe(
      `src/wrong.ts(${line + 1},${column}): error TS2322: Type 'string' is not assignable to type 'number'.`,
    );
  });

  it("runs the compiled consumer against the in-memory transport", () => {
    const result = run(process.execPath, ["dist/main.js"], consumer);
    expect(result.status, result.output).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      result: {
        rows: [
          ["Name", "Score"],
          ["Ada", 36],
        ],
      },
      requests: [{ spreadsheet_id: "sheet-1", max_rows: 2 }],
      rejected: "ValidationError",
    });
  });

  it("searches the installed package's tools: its search-index.json and the runtime's MiniSearch are installed", () => {
    const script =
      'import { searchTools } from "@toolcat/cloud-sheets"; console.log(JSON.stringify(searchTools("add a note to ' +
      'a cell", { limit: 1 })));';
    const result = run(process.execPath, ["--input-type=module", "-e", script], consumer);
    expect(result.status, result.output).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject([
      { name: "CloudSheets.AddNoteToCell", modelName: "CloudSheets_AddNoteToCell" },
    ]);
  });

  // A 2025-11-25 client (the v1 SDK) and a 2026-07-28 one (the v2 SDK, server/discover and no handshake).
  it.each(["2025-11-25", "2026-07-28"] as const)(
    "serves the installed server package over MCP with `npx @toolcat/mcp @toolcat/cloud-sheets` to a %s client",
    async (era) => {
      const env = Object.fromEntries(
        Object.entries(cleanEnv()).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const server = {
        command: "npx",
        args: ["--no", "@toolcat/mcp", "@toolcat/cloud-sheets"],
        cwd: consumer,
        env,
        stderr: "pipe" as const,
      };
      const client =
        era === "2025-11-25"
          ? new Client({ name: "publish-e2e", version: "1.0.0" })
          : new ModernClient({ name: "publish-e2e", version: "1.0.0" }, { versionNegotiation: { mode: { pin: era } } });
      await (client instanceof Client
        ? client.connect(new StdioClientTransport(server))
        : client.connect(new ModernStdioTransport(server)));
      try {
        const { tools } = await client.listTools();
        const manifest = JSON.parse(
          readFileSync(join(workspaceRoot, "packages", "cloud-sheets", "manifest.json"), "utf8"),
        ) as { tools: { fullName: string }[] };
        expect(tools.map((tool) => tool.name)).toEqual(manifest.tools.map((tool) => tool.fullName.replace(".", "_")));
        const invalid = await client.callTool({ name: "CloudSheets_GetSpreadsheet", arguments: { max_rows: 5000 } });
        expect(invalid).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("/max_rows:") }] });
      } finally {
        await client.close();
      }
    },
  );
});
