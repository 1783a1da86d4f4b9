// Section 1: full generation of every package in a cold process, against two peers given the same
// catalog as one OpenAPI 3.1 document: openapi-typescript producing types alone, and @hey-api/openapi-ts
// producing types, an SDK and Zod schemas. toolcat runs as a user runs it, `toolcat generate` in a
// fresh workspace holding only the specs, so start-up, loading, emitting and atomic writes all count.
// A fourth process only loads ts-morph, the printer the generators are built on, as toolcat's bin
// loads it (compile cache on): the floor under any toolcat generate on the machine at hand.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summarizeProfile, type ProfileSummary } from "./cpu-profile.ts";
import {
  interleave,
  median,
  ratio,
  round,
  stats,
  timeNodeOk,
  workspaceRoot,
  type ProcessRun,
  type Stats,
} from "./measure.ts";
import { openApiDocument, readManifests } from "./openapi.ts";
import { heyApi } from "./peers.ts";

interface Peer {
  readonly version: string;
  readonly wallMs: Stats;
  readonly peakMb: number;
  readonly bytes: number;
}

export interface GenerationResult {
  readonly tools: number;
  readonly packages: number;
  readonly operations: number;
  readonly toolcat: {
    readonly wallMs: Stats;
    readonly peakMb: number;
    readonly pipelineMs: number;
    readonly files: number;
    readonly bytes: number;
  };
  /** Where one more cold `generate`, run under `--cpu-prof`, spends its time. */
  readonly profile: ProfileSummary;
  readonly openapiTypescript: Peer;
  readonly heyApi: Peer & { readonly node: string };
  /** toolcat wall time ÷ openapi-typescript wall time; target ≤ 0.6, medians of five interleaved runs. */
  readonly ratio: number;
  /** A process that loads ts-morph and nothing else, interleaved with the others; absent in older results. */
  readonly tsMorphLoad?: { readonly wallMs: Stats; readonly peakMb: number; readonly ratio: number };
  /** toolcat wall time ÷ @hey-api/openapi-ts wall time. */
  readonly heyApiRatio: number;
}

const require = createRequire(import.meta.url);
export const toolcatBin = join(workspaceRoot, "generators/bin/toolcat.js");

function treeBytes(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** What the floor process runs: toolcat's bin turns the compile cache on before it loads ts-morph. */
const tsMorphOnly = `require("node:module").enableCompileCache?.(); require(${JSON.stringify(require.resolve("ts-morph"))});`;

/** A workspace with the specs and nothing generated yet, so `generate` writes every file. */
export function freshWorkspace(dir: string): string {
  const root = mkdtempSync(join(dir, "ws-"));
  cpSync(join(workspaceRoot, "specs"), join(root, "specs"), { recursive: true });
  cpSync(join(workspaceRoot, "package.json"), join(root, "package.json"));
  mkdirSync(join(root, "packages/runtime"), { recursive: true });
  cpSync(join(workspaceRoot, "packages/runtime/package.json"), join(root, "packages/runtime/package.json"));
  return root;
}

export function benchGeneration(warmup = 1, runs = 5): GenerationResult {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-gen-"));
  try {
    const { document, operations } = openApiDocument(readManifests(workspaceRoot));
    const documentFile = join(dir, "catalog.openapi.json");
    writeFileSync(documentFile, JSON.stringify(document));
    const oatPackage = require.resolve("openapi-typescript/package.json");
    const oatCli = join(oatPackage, "..", "bin", "cli.js");
    const oatOut = join(dir, "catalog.d.ts");
    const hey = heyApi();
    const heyOut = join(dir, "hey-api");
    const heyArgs = [
      hey.cli,
      "-i",
      documentFile,
      "-o",
      heyOut,
      "-c",
      "@hey-api/client-fetch",
      "-p",
      "@hey-api/typescript",
      "@hey-api/sdk",
      "zod",
    ];
    let lastRoot = "";

    const results = interleave<ProcessRun>(
      {
        toolcat: () => {
          lastRoot = freshWorkspace(dir);
          return timeNodeOk([toolcatBin, "generate"], { cwd: lastRoot });
        },
        openapiTypescript: () => timeNodeOk([oatCli, documentFile, "--output", oatOut]),
        tsMorphLoad: () => timeNodeOk(["-e", tsMorphOnly]),
        heyApi: () => {
          rmSync(heyOut, { recursive: true, force: true });
          return timeNodeOk([...heyArgs, "--silent", "--no-log-file"], { node: hey.node, cwd: dir });
        },
      },
      warmup,
      runs,
    );
    const peer = (name: string): { wallMs: Stats; peakMb: number } => ({
      wallMs: stats(results[name]!.map((r) => r.milliseconds)),
      peakMb: round(Math.max(...results[name]!.map((r) => r.peakMb))),
    });
    const toolcat = peer("toolcat");
    const oat = peer("openapiTypescript");
    const heyRun = peer("heyApi");
    const tsMorph = peer("tsMorphLoad");
    const reported = results["toolcat"]!.map((r) => /generated (\d+) package\(s\) in (\d+) ms/.exec(r.stdout));
    const tools = /(\d+) tools/g;
    const profileDir = join(dir, "profile");
    timeNodeOk(["--cpu-prof", "--cpu-prof-dir", profileDir, toolcatBin, "generate"], { cwd: freshWorkspace(dir) });
    const profile = summarizeProfile(join(profileDir, readdirSync(profileDir)[0]!));
    const output = treeBytes(join(lastRoot, "packages"));
    const runtime = treeBytes(join(lastRoot, "packages/runtime"));
    return {
      tools: [...results["toolcat"]!.at(-1)!.stdout.matchAll(tools)].reduce((sum, m) => sum + Number(m[1]), 0),
      packages: Number(reported.at(-1)?.[1]),
      operations,
      toolcat: {
        ...toolcat,
        pipelineMs: round(median(reported.map((m) => Number(m?.[2])))),
        files: output.files - runtime.files,
        bytes: output.bytes - runtime.bytes,
      },
      profile,
      openapiTypescript: {
        version: (require(oatPackage) as { version: string }).version,
        ...oat,
        bytes: statSync(oatOut).size,
      },
      heyApi: { version: hey.version, node: "22", ...heyRun, bytes: treeBytes(heyOut).bytes },
      ratio: ratio(toolcat.wallMs.median / oat.wallMs.median),
      heyApiRatio: ratio(toolcat.wallMs.median / heyRun.wallMs.median),
      tsMorphLoad: { ...tsMorph, ratio: ratio(tsMorph.wallMs.median / oat.wallMs.median) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
