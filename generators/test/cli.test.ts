// The toolcat command line in-process: help and version, strict flags and exit codes, --server
// resolution, and the three output forms of spec errors (human with a code frame, JSON, GitHub
// annotations), also with the specs read on a worker thread as the bin reads them. One spawn of the
// real bin checks the wiring.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../src/cli.ts";
import { good } from "./loader/cases.ts";
import { specWorker, workspaceRoot } from "./support.ts";
import type { SpecWorker } from "../src/pipeline/spec-worker.ts";

interface Run {
  readonly exit: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(
  argv: string[],
  options: { cwd?: string; env?: Record<string, string>; specWorker?: SpecWorker } = {},
): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const out = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const given = options.specWorker;
  const worker = given === undefined ? {} : { startSpecWorker: () => given };
  const exit = await main(argv, { cwd: options.cwd ?? workspaceRoot, env: options.env ?? {}, out, ...worker });
  return { exit, stdout, stderr };
}

/** A workspace with the real catalog and one widget spec, so nothing real is touched. */
function scratchWorkspace(spec: string): string {
  const root = mkdtempSync(join(tmpdir(), "toolcat-cli-"));
  mkdirSync(join(root, "specs"));
  copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(root, "specs/catalog.yaml"));
  writeFileSync(join(root, "package.json"), "{}\n");
  writeFileSync(join(root, "specs/widget-api.yaml"), spec);
  return root;
}

const broken = good
  .replace("minimum: 1, maximum: 50", "minimum: 60, maximum: 50")
  .replace("{ name: color,", "{ name: constructor,");
const brokenRoot = scratchWorkspace(broken);
const aliasBomb =
  `${good}x0: &a [a, a, a, a, a, a, a, a, a, a]\nx1: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nx2: [*b, *b, ` +
  "*b, *b, *b, *b, *b, *b, *b, *b]\n";
const aliasRoot = scratchWorkspace(aliasBomb);
afterAll(() => [brokenRoot, aliasRoot].forEach((root) => rmSync(root, { recursive: true, force: true })));

describe("help, version and usage errors", () => {
  it.each([
    { argv: [], exit: 2, stderr: /^usage: toolcat <command>/ },
    { argv: ["--help"], exit: 0, stdout: /^usage: toolcat <command>[\s\S]*check-drift/ },
    { argv: ["-h"], exit: 0, stdout: /^usage: toolcat <command>/ },
    { argv: ["help"], exit: 0, stdout: /^usage: toolcat <command>/ },
    { argv: ["--version"], exit: 0, stdout: /^toolcat \d+\.\d+\.\d+\n$/ },
    { argv: ["--verbose"], exit: 2, stderr: /Unknown option '--verbose'/ },
    { argv: ["frobnicate"], exit: 2, stderr: /unknown command "frobnicate"/ },
    { argv: ["help", "frobnicate"], exit: 2, stderr: /unknown command "frobnicate"/ },
    { argv: ["help", "lint"], exit: 0, stdout: /^usage: toolcat lint/ },
    // --help never acts: generate would write, check-drift would regenerate, lint would read specs.
    { argv: ["generate", "--help"], exit: 0, stdout: /^usage: toolcat generate/ },
    { argv: ["generate", "--server", "cloud-sheets", "-h"], exit: 0, stdout: /^usage: toolcat generate/ },
    { argv: ["check-drift", "--help"], exit: 0, stdout: /^usage: toolcat check-drift/ },
    { argv: ["lint", "--help"], exit: 0, stdout: /^usage: toolcat lint/ },
    { argv: ["diff", "--help"], exit: 0, stdout: /^usage: toolcat diff/ },
    {
      argv: ["generate", "--server=cloud-sheet"],
      exit: 2,
      stderr:
        /unknown server "cloud-sheet" \(did you mean cloud-sheets\?\); valid servers: cloud-contacts, cloud-sheets,/,
    },
    { argv: ["generate", "--server", "CloudSheet"], exit: 2, stderr: /did you mean CloudSheets\?/ },
    { argv: ["generate", "--server"], exit: 2, stderr: /'--server <value>' argument missing/ },
    {
      argv: ["generate", "--force"],
      exit: 2,
      stderr: /^toolcat generate: Unknown option '--force'\nRun `toolcat generate --help` for usage\.\n$/,
    },
    { argv: ["generate", "cloud-sheets"], exit: 2, stderr: /Unexpected argument 'cloud-sheets'/ },
    { argv: ["lint", "CloudSheets", "cloud-contacts"], exit: 0, stdout: /^2 spec\(s\), 14 tools: no errors\n$/ },
    { argv: ["lint", "cloud-sheet"], exit: 2, stderr: /unknown server "cloud-sheet" \(did you mean cloud-sheets\?\)/ },
    { argv: ["lint", "--json=yes"], exit: 2, stderr: /'--json' does not take an argument/ },
    { argv: ["check-drift", "--fix"], exit: 2, stderr: /Unknown option '--fix'/ },
    { argv: ["diff", "--bogus", "a", "b"], exit: 2, stderr: /Unknown option '--bogus'/ },
  ])("toolcat $argv → exit $exit", async ({ argv, exit, stdout, stderr }) => {
    const result = await run(argv);
    expect(result.exit).toBe(exit);
    if (stdout !== undefined) expect(result.stdout).toMatch(stdout);
    if (stderr !== undefined) expect(result.stderr).toMatch(stderr);
    if (exit === 0) expect(result.stderr).toBe("");
  });
});

describe("lint", () => {
  it("passes the real specs, naming a spec by path", async () => {
    expect(await run(["lint", "specs/cloud-sheets.yaml"])).toEqual({
      exit: 0,
      stdout: "1 spec(s), 9 tools: no errors\n",
      stderr: "",
    });
  });

  it("prints every error with a code frame and hint, and does not claim to have written anything", async () => {
    const result = await run(["lint"], { cwd: brokenRoot });
    expect(result.exit).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      `specs/widget-api.yaml:18:48 error invalid-range: tool GetWidget, ` +
        `parameter limit: minimum 60 is greater than maximum 50
   18 |       - { name: limit, type: integer, minimum: 60, maximum: 50, default: 10 }
      |                                                ^
  hint: Swap them, or fix the one that was mistyped.`,
    );
    expect(result.stderr).toContain("error reserved-name:");
    expect(result.stderr).toMatch(/\n3 errors in 1 file\n$/);
    expect(result.stderr).not.toContain("written");
  });

  it("prints JSON with --json", async () => {
    const result = await run(["lint", "--json"], { cwd: brokenRoot });
    expect(result.exit).toBe(1);
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      diagnostics: { code: string; line: number; col: number }[];
    };
    expect(report.ok).toBe(false);
    expect(report.diagnostics.map((d) => `${d.code} ${d.line}:${d.col}`)).toEqual([
      "invalid-range 18:48",
      "invalid-default 18:74",
      "reserved-name 19:17",
    ]);
  });

  it("adds GitHub Actions annotations when GITHUB_ACTIONS is true", async () => {
    const result = await run(["lint"], { cwd: brokenRoot, env: { GITHUB_ACTIONS: "true" } });
    expect(result.stdout.split("\n")[0]).toBe(
      "::error file=specs/widget-api.yaml,line=18,col=48,title=invalid-range::tool GetWidget, parameter limit: " +
        "minimum 60 is greater than maximum 50%0ASwap them, or fix the one that was mistyped.",
    );
    expect(result.stdout.match(/^::error /gm)).toHaveLength(3);
  });
});

describe("spec errors in the other commands", () => {
  it("makes check-drift exit 2 (1 means drift), with JSON on request", async () => {
    expect((await run(["check-drift"], { cwd: brokenRoot })).exit).toBe(2);
    const result = await run(["check-drift", "--json"], { cwd: brokenRoot });
    expect(result.exit).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      diagnostics: [{ code: "invalid-range" }, { code: "invalid-default" }, { code: "reserved-name" }],
    });
  });

  it("makes generate say nothing was written", async () => {
    const result = await run(["generate"], { cwd: brokenRoot });
    expect(result.exit).toBe(1);
    expect(result.stderr).toMatch(/3 errors in 1 file; nothing was written\n$/);
  });

  it("reports an alias bomb as a diagnostic, not a crash", async () => {
    const result = await run(["check-drift"], { cwd: aliasRoot });
    expect(result.exit).toBe(2);
    expect(result.stderr).toContain("specs/widget-api.yaml:27:9 error yaml-alias:");
  });
});

describe("specs read on a worker thread, as the bin reads them", () => {
  it.each([
    { argv: ["generate"], root: brokenRoot, env: {} },
    { argv: ["generate", "--server", "widget-api"], root: brokenRoot, env: { GITHUB_ACTIONS: "true" } },
    { argv: ["check-drift"], root: brokenRoot, env: {} },
    { argv: ["check-drift", "--json"], root: brokenRoot, env: {} },
    { argv: ["check-drift"], root: aliasRoot, env: {} },
  ])("toolcat $argv reports spec errors exactly as a load on this thread", async ({ argv, root, env }) => {
    const here = await run(argv, { cwd: root, env });
    expect(here.exit).not.toBe(0);
    expect(here.stderr + here.stdout).toMatch(/invalid-range|yaml-alias/);
    expect(await run(argv, { cwd: root, env, specWorker: await specWorker() })).toEqual(here);
  });
});

describe("check-drift output", () => {
  it("lists drift as JSON and as annotations", async () => {
    const root = scratchWorkspace(good);
    try {
      const json = await run(["check-drift", "--json"], { cwd: root });
      expect(json.exit).toBe(1);
      const report = JSON.parse(json.stdout) as {
        ok: boolean;
        packages: number;
        drift: { kind: string; path: string }[];
      };
      expect(report).toMatchObject({ ok: false, packages: 1 });
      expect(report.drift.map((d) => d.kind)).toEqual(report.drift.map(() => "missing"));
      expect(report.drift.map((d) => d.path)).toContain("packages/widget-api/src/types.ts");
      const annotated = await run(["check-drift"], { cwd: root, env: { GITHUB_ACTIONS: "true" } });
      expect(annotated.exit).toBe(1);
      expect(annotated.stdout).toContain(
        "::error file=packages/widget-api/src/types.ts,title=drift (missing)::packages/widget-api/src/types.ts differs",
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("failures that are not spec errors", () => {
  const empty = mkdtempSync(join(tmpdir(), "toolcat-nowhere-"));
  const blocked = scratchWorkspace(good);
  // packages/ as a file: generate's first write fails with a file system error.
  writeFileSync(join(blocked, "packages"), "not a directory\n");
  afterAll(() => [empty, blocked].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it.each([
    ...["lint", "generate", "check-drift", "schemas pull", "diff a.yaml b.yaml"].map((command) => ({
      command,
      cwd: empty,
      error: /no workspace/,
    })),
    { command: "generate", cwd: blocked, error: /EEXIST|ENOTDIR/ },
  ])("toolcat $command ($error) prints one line without a stack trace", async ({ command, cwd, error }) => {
    const [name = "", ...rest] = command.split(" ");
    const result = await run([name, ...rest], {
      cwd,
      env: { TOOLCAT_ENGINE_URL: "http://127.0.0.1:1", TOOLCAT_API_KEY: "k" },
    });
    expect(result.exit).not.toBe(0);
    expect(result.stderr).toMatch(new RegExp(`^toolcat ${name}: [^\n]*\n$`));
    expect(result.stderr).toMatch(error);
  });

  it("adds the stack trace only when TOOLCAT_DEBUG=1", async () => {
    const result = await run(["lint"], { cwd: empty, env: { TOOLCAT_DEBUG: "1" } });
    expect(result.stderr).toMatch(/^toolcat lint: no workspace[^\n]*\nError: no workspace[\s\S]*\n\s+at /);
  });
});

describe("the installed bin", () => {
  // Two cold starts of the CLI: generous on a loaded two-core machine.
  it("runs main and passes its exit code on", { timeout: 60_000 }, async () => {
    const bin = join(workspaceRoot, "generators/bin/toolcat.js");
    expect(execFileSync(process.execPath, [bin, "--version"], { encoding: "utf8" })).toMatch(/^toolcat \d/);
    expect(() => execFileSync(process.execPath, [bin, "lint", "--nope"], { stdio: "pipe" })).toThrow(
      expect.objectContaining({ status: 2 }),
    );
    const nowhere = mkdtempSync(join(tmpdir(), "toolcat-nowhere-"));
    try {
      const failed = spawnSync(process.execPath, [bin, "generate"], { cwd: nowhere, encoding: "utf8" });
      expect(failed.status).toBe(1);
      expect(failed.stderr).toMatch(/^toolcat generate: no workspace [^\n]*\n$/);
      // A spec error, read on the bin's worker thread, reads as it does in-process.
      const specErrors = spawnSync(process.execPath, [bin, "generate"], { cwd: brokenRoot, encoding: "utf8" });
      expect(specErrors.status).toBe(1);
      expect(specErrors.stderr).toBe((await run(["generate"], { cwd: brokenRoot })).stderr);
    } finally {
      rmSync(nowhere, { recursive: true, force: true });
    }
  });
});
