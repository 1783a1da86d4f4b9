// The drift check: regenerate everything in memory, one package at a time, and compare each with
// the working tree. It reads only; the report names every drifted file with its kind and shows a
// truncated unified diff.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { compareText } from "../core/files.ts";
import { staleSpecSchemaModule, specSchemaModulePath } from "../loader/spec-schema.ts";
import { stagingLeftovers } from "../write/lock.ts";
import { digestFiles, packageChanges, packageGone, stalePackages, type PackageChanges } from "../write/output.ts";
import { loadPipelineCatalog, packageVersions, serverRuns } from "./run.ts";
import { journalFile } from "../write/swap.ts";

/** `leftover`: a staging directory a killed generate run left behind (the next generate removes it). */
export type DriftKind = "changed" | "missing" | "orphaned" | "leftover";

export interface Drift {
  readonly kind: DriftKind;
  readonly path: string;
  /** Unified diff from the working tree to what the generators produce. */
  readonly diff: string;
}

export interface DriftReport {
  readonly drift: readonly Drift[];
  readonly packages: number;
  readonly files: number;
}

export const fixCommand = "npm run generate";

/**
 * `catalog`: the specs, when they were loaded already (on a worker thread). Each package is compared
 * as it is generated and its files let go, so memory holds one package's files at a time.
 */
export function checkDrift(root: string, catalog = loadPipelineCatalog({ root })): DriftReport {
  const drift: Drift[] = [];
  let files = 0;
  for (const run of serverRuns(catalog, packageVersions(root, catalog))) {
    files += run.files.length;
    const changes = packageChanges(root, run.slug, digestFiles(run.files));
    const texts = new Map(run.files.map((file) => [file.path, file.text]));
    for (const path of changes.write) {
      const current = readOrUndefined(join(root, path));
      drift.push({
        kind: current === undefined ? "missing" : "changed",
        path,
        diff: unifiedDiff(path, current ?? "", texts.get(path)!),
      });
    }
    drift.push(...orphans(root, changes));
  }
  // Packages on disk whose spec is gone are drift too: every file in them is orphaned.
  for (const slug of stalePackages(root, new Set(catalog.servers.map((server) => server.slug))))
    drift.push(...orphans(root, packageGone(root, slug)));
  const schemaModule = staleSpecSchemaModule();
  if (schemaModule !== undefined) {
    drift.push({
      kind: "changed",
      path: specSchemaModulePath,
      diff: unifiedDiff(specSchemaModulePath, schemaModule.current, schemaModule.generated),
    });
  }
  for (const path of [...stagingLeftovers(root), ...(existsSync(join(root, journalFile)) ? [journalFile] : [])]) {
    drift.push({ kind: "leftover", path, diff: "" });
  }
  drift.sort((a, b) => compareText(a.path, b.path));
  return { drift, packages: catalog.servers.length, files };
}

function orphans(root: string, changes: PackageChanges): Drift[] {
  return changes.remove.map((path) => ({
    kind: "orphaned",
    path,
    diff: unifiedDiff(path, readFileSync(join(root, path), "utf8"), ""),
  }));
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The diff library is loaded only when a drift is shown: it was 40 ms of every cold start. */
const require = createRequire(import.meta.url);

function unifiedDiff(path: string, current: string, generated: string): string {
  const { createTwoFilesPatch } = require("diff") as typeof import("diff");
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, current, generated, "working tree", "generated", { context: 3 });
}

const linesPerFile = 40;
const linesInAll = 300;

/** The human report: a summary line per file, then diffs cut to a readable length. */
export function formatDrift(report: DriftReport): string {
  const out: string[] = [
    `toolcat check-drift: ${report.drift.length} file(s) differ from what specs/ and generators/ produce`,
  ];
  for (const d of report.drift) out.push(`  ${d.kind.padEnd(9)} ${d.path}`);
  let budget = linesInAll;
  for (const d of report.drift) {
    const lines = d.diff.trimEnd().split("\n");
    while (lines[0] !== undefined && /^(Index: |=+$)/.test(lines[0])) lines.shift(); // the patch banner
    const shown = lines.slice(0, Math.min(linesPerFile, Math.max(budget, 0)));
    budget -= shown.length;
    out.push("", ...shown);
    if (shown.length < lines.length) out.push(`… ${lines.length - shown.length} more diff line(s) for ${d.path}`);
  }
  out.push(
    "",
    `Fix: run \`${fixCommand}\` and commit the result. Generated files must not be edited by hand; change specs/ ` +
      "or generators/ instead.",
  );
  return `${out.join("\n")}\n`;
}
