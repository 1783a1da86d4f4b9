// Section 1: full generation of the seven packages in a cold process, against openapi-typescript
// producing types alone from the same catalog as one OpenAPI 3.1 document. Nx is bypassed: each
// run is a fresh `node` process, so module loading and JIT warm-up count, as they do for a user.
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { interleave, median, ratio, round, stats, timeNodeOk, workspaceRoot, type ProcessRun, type Stats } from "./measure.ts";
import { openApiDocument, readManifests } from "./openapi.ts";

export interface GenerationResult {
  readonly tools: number;
  readonly operations: number;
  readonly toolcat: { readonly wallMs: Stats; readonly peakMb: number; readonly pipelineMs: number; readonly files: number; readonly bytes: number };
  readonly openapiTypescript: { readonly version: string; readonly wallMs: Stats; readonly peakMb: number; readonly bytes: number };
  /** toolcat wall time ÷ openapi-typescript wall time; target ≤ 1. */
  readonly ratio: number;
}

const require = createRequire(import.meta.url);

export function benchGeneration(warmup = 1, runs = 5): GenerationResult {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-gen-"));
  try {
    const { document, operations } = openApiDocument(readManifests(workspaceRoot));
    const documentFile = join(dir, "catalog.openapi.json");
    writeFileSync(documentFile, JSON.stringify(document));
    const oatPackage = require.resolve("openapi-typescript/package.json");
    const oatCli = join(oatPackage, "..", "bin", "cli.js");
    const oatVersion = (require(oatPackage) as { version: string }).version;
    const oatOut = join(dir, "catalog.d.ts");

    // tsx is part of toolcat's cold start: the toolcat bin registers it the same way.
    const results = interleave<ProcessRun>(
      {
        toolcat: () => timeNodeOk(["--import", "tsx", "tools/bench/child/generate.ts", workspaceRoot, join(dir, "toolcat")]),
        openapiTypescript: () => timeNodeOk([oatCli, documentFile, "--output", oatOut]),
      },
      warmup,
      runs,
    );
    const toolcat = results["toolcat"]!;
    const oat = results["openapiTypescript"]!;
    const reports = toolcat.map((r) => JSON.parse(r.stdout) as { pipelineMs: number; tools: number; files: number; bytes: number });
    const last = reports.at(-1)!;
    const toolcatWall = stats(toolcat.map((r) => r.milliseconds));
    const oatWall = stats(oat.map((r) => r.milliseconds));
    return {
      tools: last.tools,
      operations,
      toolcat: {
        wallMs: toolcatWall,
        peakMb: round(Math.max(...toolcat.map((r) => r.peakMb))),
        pipelineMs: round(median(reports.map((r) => r.pipelineMs))),
        files: last.files,
        bytes: last.bytes,
      },
      openapiTypescript: {
        version: oatVersion,
        wallMs: oatWall,
        peakMb: round(Math.max(...oat.map((r) => r.peakMb))),
        bytes: statSync(oatOut).size,
      },
      ratio: ratio(toolcatWall.median / oatWall.median),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
