// The results as one markdown table (printed by `npm run bench`, written into docs/performance.md): one row
// per figure, with what it is compared with, the ratio, the target and whether it is met.
import type { CodeMemory, CodeResult } from "./code.ts";
import type { DriftResult } from "./drift.ts";
import type { SuitesResult } from "./suites.ts";
import type { FootprintResult, Sizes } from "./footprint.ts";
import type { GenerationResult } from "./generation.ts";
import type { IncrementalResult } from "./incremental.ts";
import { mcpInstallTarget, type InstallResult } from "./install-size.ts";
import type { Machine } from "./measure.ts";
import { mcpRows, type McpResult } from "./mcp.ts";
import type { NxScaleResult } from "./nx-scale.ts";
import type { ScalePoint, ScaleResult, WrittenPoint } from "./scale.ts";
import { searchRows } from "./search-report.ts";
import { kb, mark, n, type Row } from "./table.ts";
import type { SearchResult } from "./search.ts";
import { servingRows, type ServingResult } from "./serving.ts";
import { toolTokenTarget, type RouteExampleTokens, type RouteToolTokens } from "./tokens.ts";
import type { ValidatorsResult } from "./validators.ts";
import { validatorRows } from "./validator-report.ts";
import type { WatchResult } from "./watch.ts";

export interface Results {
  readonly date: string;
  readonly machine: Machine;
  readonly benchSeconds: number;
  readonly generation?: GenerationResult;
  readonly incremental?: IncrementalResult;
  readonly watch?: WatchResult;
  readonly scale?: ScaleResult;
  readonly nxScale?: NxScaleResult;
  readonly validators?: ValidatorsResult;
  readonly footprint?: FootprintResult;
  readonly drift?: DriftResult;
  readonly search?: SearchResult;
  readonly code?: CodeResult;
  readonly mcp?: McpResult;
  readonly serving?: ServingResult;
  readonly tokens?: readonly RouteToolTokens[];
  readonly exampleTokens?: readonly RouteExampleTokens[];
  readonly install?: InstallResult;
  readonly suites?: SuitesResult;
}

const ms = (value: number) => (value >= 10_000 ? `${n(value / 1000, 1)} s` : `${n(value)} ms`);
const times = (value: number) => `${Number(value.toPrecision(3))}×`;

export function generationRows(g: GenerationResult): Row[] {
  const what = `${g.tools} tools, ${g.packages} packages (${g.toolcat.files} files, ${kb(g.toolcat.bytes)})`;
  const toolcat = `${ms(g.toolcat.wallMs.median)}, peak ${n(g.toolcat.peakMb)} MB`;
  return [
    [
      "1 Full generation, cold process",
      what,
      toolcat,
      `openapi-typescript ${g.openapiTypescript.version}, types only (${kb(g.openapiTypescript.bytes)}): ` +
        `${ms(g.openapiTypescript.wallMs.median)}, peak ${n(g.openapiTypescript.peakMb)} MB`,
      `${times(g.ratio)} the time`,
      "≤ 0.6×, median of 5 interleaved runs",
      mark(g.ratio <= 0.6),
    ],
    [
      "1 Full generation, cold process",
      what,
      toolcat,
      `@hey-api/openapi-ts ${g.heyApi.version} on Node ${g.heyApi.node}, types + SDK + Zod ` +
        `(${kb(g.heyApi.bytes)}): ${ms(g.heyApi.wallMs.median)}, peak ${n(g.heyApi.peakMb)} MB`,
      `${times(g.heyApiRatio)} the time`,
      "",
      "",
    ],
    ...(g.tsMorphLoad === undefined
      ? []
      : [
          [
            "1 Full generation, cold process",
            "floor: a process that only loads ts-morph, as toolcat's bin does",
            `${ms(g.tsMorphLoad.wallMs.median)}, peak ${n(g.tsMorphLoad.peakMb)} MB`,
            `openapi-typescript's whole run: ${ms(g.openapiTypescript.wallMs.median)}`,
            `${times(g.tsMorphLoad.ratio)} the time`,
            "",
            "",
          ] satisfies Row,
        ]),
  ];
}

function incrementalRows(i: IncrementalResult): Row[] {
  return [
    [
      "2 Incremental, through Nx",
      `${i.editedSpec} edited`,
      `${ms(i.oneSpecEditedMs.median)}; ${i.packagesRegenerated} package regenerated, ${i.packagesFromCache} from ` +
        "cache",
      `no change: ${ms(i.noChangeMs.median)}; empty cache: ${ms(i.emptyCacheMs)}`,
      "",
      "1 package",
      mark(i.packagesRegenerated === 1),
    ],
  ];
}

function watchRows(w: WatchResult): Row[] {
  return [
    [
      "2 Watch mode, warm process",
      `${w.editedSpec} saved (${w.edits} edits, ${w.filesWrittenPerEdit} files written each)`,
      `${ms(w.saveToWrittenMs.median)} save to written (max ${ms(w.saveToWrittenMs.max)}); cycle ${ms(w.cycleMs)}`,
      "",
      "",
      "≤ 150 ms",
      mark(w.saveToWrittenMs.median <= 150),
    ],
  ];
}

/** Scale targets: at most 1 GB at peak in memory; Nx over 1,000 packages from an empty cache in at most 150 s. */
const maxPeakMb = 1024;
const maxNxEmptyCacheMs = 150_000;

export function scaleRows(s: ScaleResult): Row[] {
  const cpu = (p: ScaleResult["small"]) =>
    p.cpuPerToolMs === undefined ? "" : `, CPU ${n(p.cpuPerToolMs, 2)} ms/tool`;
  const point = (p: ScaleResult["small"]) =>
    `${n(p.perToolMs, 2)} ms/tool (${ms(p.totalMs.median)})${cpu(p)}, peak ${n(p.peakMb)} MB`;
  const peak = `peak ≤ ${n(maxPeakMb)} MB`;
  const row = (p: ScaleResult["small"], ratio: string, target: string, met: boolean): Row => [
    "3 Scale, in memory",
    `${n(p.tools)} tools, ${n(p.servers)} servers`,
    point(p),
    "per tool at 1,000 tools",
    ratio,
    target,
    mark(met),
  ];
  const largeRatio =
    times(s.perToolRatio) + (s.cpuPerToolRatio === undefined ? "" : ` (CPU ${times(s.cpuPerToolRatio)})`);
  return [
    [
      "3 Scale, in memory",
      `${n(s.small.tools)} tools, ${s.small.servers} servers`,
      point(s.small),
      "",
      "",
      peak,
      mark(s.small.peakMb <= maxPeakMb),
    ],
    row(s.medium, times(s.mediumPerToolRatio), peak, s.medium.peakMb <= maxPeakMb),
    row(s.large, largeRatio, `≤ 1.2×, ${peak}`, s.perToolRatio <= 1.2 && s.large.peakMb <= maxPeakMb),
    ...(s.written === undefined ? [] : [writtenRow(s.written, s.medium)]),
  ];
}

function writtenRow(w: WrittenPoint, inMemory: ScalePoint): Row {
  return [
    "3 Scale, written to disk",
    `${n(w.tools)} tools: toolcat generate, cold process, into a workspace without packages`,
    `${ms(w.milliseconds)}, peak ${n(w.peakMb)} MB`,
    `in memory: peak ${n(inMemory.peakMb)} MB`,
    times(w.peakMb / inMemory.peakMb),
    `peak ≤ ${n(maxPeakMb)} MB`,
    mark(w.peakMb <= maxPeakMb),
  ];
}

function nxScaleRows(x: NxScaleResult): Row[] {
  return [
    [
      "3 Scale, through Nx",
      `nx run-many -t generate, ${n(x.packages)} packages, warm cache`,
      `${ms(x.warmCacheMs.median)}: ${n(x.perPackageMs, 1)} ms per package`,
      `empty cache: ${ms(x.emptyCacheMs)}`,
      "",
      `empty cache ≤ ${ms(maxNxEmptyCacheMs)}`,
      mark(x.emptyCacheMs <= maxNxEmptyCacheMs),
    ],
  ];
}

/** Issue 42's target: a package imports in at most 10 ms (median, fresh process) with its search unused. */
export const coldImportTargetMs = 10;

export function footprintRows(f: FootprintResult): Row[] {
  const figures = (p: Sizes) =>
    `${kb(p.ownGzipBytes)} min+gz without runtime, ${kb(p.withRuntimeGzipBytes)} with; search index ` +
    `${kb(p.searchIndexGzipBytes)} gz; cold import ${n(p.coldImportMs.median, 1)} ms`;
  const rows = f.packages.map((p): Row => [
    "5 Footprint",
    `@toolcat/${p.slug} (${p.tools} tools)`,
    figures(p),
    `an earlier commit's packages: ${figures(p.before)}`,
    `${times(p.coldImportMs.median / p.before.coldImportMs.median)} the import time`,
    `≤ ${coldImportTargetMs} ms import`,
    mark(p.coldImportMs.median <= coldImportTargetMs),
  ]);
  if (f.emptyImportMs !== undefined)
    rows.push([
      "5 Footprint",
      "floor: a fresh process importing an empty module",
      `cold import ${n(f.emptyImportMs.median, 1)} ms`,
      "",
      `${times(f.emptyImportMs.median / coldImportTargetMs)} the target`,
      "",
      "",
    ]);
  rows.push(["5 Footprint", "@toolcat/runtime alone", `${kb(f.runtimeGzipBytes)} min+gz`, "", "", "", ""]);
  for (const c of f.consumers) {
    const clean = c.otherToolsIncluded.length === 0;
    rows.push([
      "5 Footprint, one-validator consumer",
      `imports validate${c.tool.split(".")[1]} only`,
      `${kb(c.gzipBytes)} min+gz, runtime included`,
      `before: ${kb(c.beforeGzipBytes)}; ` +
        (clean ? "no other tool of the server in the bundle" : `includes ${c.otherToolsIncluded.join(", ")}`),
      "",
      "no other tools",
      mark(clean),
    ]);
  }
  return rows;
}

function driftRows(d: DriftResult): Row[] {
  return [
    [
      "6 Drift check",
      "whole catalog, cold process",
      `${ms(d.wallMs.median)}, peak ${n(d.peakMb)} MB`,
      d.inSync ? "tree in sync" : "tree had drifted",
      "",
      "",
      "",
    ],
  ];
}

function codeRows(c: CodeResult): Row[] {
  const percent = (value: number) => `${n(value * 100, 1)}%`;
  return [
    [
      "8 Code mode, tokens (o200k)",
      "all declarations (code/api.d.ts)",
      `${n(c.declarationTokens)} tokens`,
      `OpenAI Chat tool files: ${n(c.openAiChatTokens)}`,
      percent(c.ratio),
      "≤ 40%",
      mark(c.ratio <= 0.4),
    ],
    ...c.servers.map((s): Row => [
      "8 Code mode, tokens (o200k)",
      s.slug,
      `${n(s.declarationTokens)} tokens`,
      `${n(s.openAiChatTokens)}`,
      percent(s.declarationTokens / s.openAiChatTokens),
      "",
      "",
    ]),
    [
      "8 Code mode, tokens (o200k)",
      "5-call task (4 reads, 1 write), all requests",
      `${n(c.task.codeTokens)} tokens by code`,
      `${n(c.task.directTokens)} by direct calls`,
      times(c.task.codeTokens / c.task.directTokens),
      "",
      "",
    ],
    [
      "8 Code mode",
      "type check, 50-line program, warm",
      ms(c.checkMs),
      `first check (builds the service): ${ms(c.coldCheckMs)}`,
      "",
      "≤ 300 ms",
      mark(c.checkMs <= 300),
    ],
    [
      "8 Code mode",
      "sandbox start on a warm worker (runtime, context, prelude, trivial program, outcome back, dispose)",
      `${n(c.sandboxStartMs, 1)} ms`,
      `a worker's cold start: ${ms(c.workerStartMs)}`,
      "",
      "≤ 20 ms",
      mark(c.sandboxStartMs <= 20),
    ],
    [
      "8 Code mode",
      "per-call overhead inside the sandbox",
      `${n(c.perCallOverheadUs)} µs`,
      "direct client call, same in-memory tool",
      "",
      "",
      "",
    ],
    // Results from before the memory measure have none.
    ...(c.memory === undefined ? [] : [memoryRow(c.memory)]),
  ];
}

function memoryRow(memory: CodeMemory): Row {
  const levels = memory.levels.map((level) => n(level.rssMb)).join(" / ");
  // Comes back: every settled level within 50 MB of a ready process's (docs/security.md, Code mode memory).
  const above = Math.max(...memory.levels.map((level) => level.rssMb)) - memory.idleMb;
  return [
    "8 Code mode",
    `RSS over ${n(memory.programs)} programs, one in five hostile (bombs, flood, huge return, storm), one in five ` +
      "a type error, memoryBytes 32 MiB",
    `peak ${n(memory.peakMb)} MB, after ${n(memory.finalMb)} MB; every ${n(memory.levels[0]?.programs ?? 0)} ` +
      `programs ${levels} MB`,
    `idle (ready: one ordinary program run, checker thread warm) ${n(memory.idleMb)} MB; host JS heap ` +
      `${n(memory.heapIdleMb)} → ${n(memory.heapFinalMb)} MB; ${ms(memory.wallMs)} in all`,
    `settled levels at most +${n(above)} MB`,
    "≤ idle + 50 MB",
    mark(above <= 50),
  ];
}

function tokenRows(rows: readonly RouteToolTokens[]): Row[] {
  return rows.map((r): Row => [
    "10 Model text, tokens per tool (o200k)",
    `tools/${r.route}.json, each of ${n(r.tools)} tools`,
    `median ${n(r.median, Number.isInteger(r.median) ? 0 : 1)}, p90 ${n(r.p90)}, max ${n(r.max)}`,
    "",
    "",
    `median ≤ ${toolTokenTarget}`,
    mark(r.median <= toolTokenTarget),
  ]);
}

/** Where each route's examples are, for the row's measure. */
const exampleRouteText: Readonly<Record<RouteExampleTokens["route"], string>> = {
  anthropic: "input_examples in tools/anthropic.json",
  mcp: "the example ending each description in tools/mcp.json",
  code: "@example in code/api.d.ts",
};

function exampleTokenRows(rows: readonly RouteExampleTokens[]): Row[] {
  return rows.map((r): Row => [
    "10 Model text, tokens per tool (o200k)",
    `${exampleRouteText[r.route]}, ${n(r.tools)} tools with examples`,
    `${n(r.withExamples)} tokens in all, median +${n(r.medianAdded, Number.isInteger(r.medianAdded) ? 0 : 1)} per ` +
      "tool with examples",
    `without examples: ${n(r.withoutExamples)}`,
    times(r.withExamples / r.withoutExamples),
    "",
    "",
  ]);
}

function installRows(r: InstallResult): Row[] {
  const mb = (bytes: number) => `${n(bytes / 1024 / 1024, 1)} MB`;
  const figures = (s: InstallResult["packages"][number]["before"]) =>
    `${mb(s.bytes)}, ${n(s.dependencies)} dependencies${s.hasTsc ? ", tsc in node_modules/.bin" : ""}` +
    (s.unresolved === undefined ? "" : ` (not counted, no longer installed: ${s.unresolved.join(", ")})`);
  return r.packages.map((p): Row => {
    const targeted = p.name === "@toolcat/mcp";
    return [
      "11 Installed size",
      `${p.name}: package and production dependencies`,
      figures(p),
      `with an earlier commit's dependency lists: ${figures(p.before)}`,
      times(p.bytes / p.before.bytes),
      targeted ? `≤ ${mb(mcpInstallTarget)}, no tsc` : "",
      targeted ? mark(p.bytes <= mcpInstallTarget && !p.hasTsc) : "",
    ];
  });
}

function suiteRows(s: SuitesResult): Row[] {
  const seconds = (value: number) => `${n(value, 1)} s`;
  return [
    ...s.suites.map((suite): Row => [
      "12 Test suites, wall time",
      `vitest run --project ${suite.project}`,
      seconds(suite.seconds),
      suite.passed ? "" : "failed",
      "",
      "",
      "",
    ]),
    ["12 Test suites, wall time", "all suites, one after another", seconds(s.totalSeconds), "", "", "", ""],
  ];
}

export function renderTable(results: Results): string {
  const rows: Row[] = [
    ...(results.generation ? generationRows(results.generation) : []),
    ...(results.incremental ? incrementalRows(results.incremental) : []),
    ...(results.watch ? watchRows(results.watch) : []),
    ...(results.scale ? scaleRows(results.scale) : []),
    ...(results.nxScale ? nxScaleRows(results.nxScale) : []),
    ...(results.validators ? validatorRows(results.validators) : []),
    ...(results.footprint ? footprintRows(results.footprint) : []),
    ...(results.drift ? driftRows(results.drift) : []),
    ...(results.search ? searchRows(results.search) : []),
    ...(results.code ? codeRows(results.code) : []),
    ...(results.mcp ? mcpRows(results.mcp) : []),
    ...(results.serving ? servingRows(results.serving) : []),
    ...(results.tokens ? tokenRows(results.tokens) : []),
    ...(results.exampleTokens ? exampleTokenRows(results.exampleTokens) : []),
    ...(results.install ? installRows(results.install) : []),
    ...(results.suites ? suiteRows(results.suites) : []),
  ];
  const m = results.machine;
  const header =
    `Measured ${results.date} on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node} (${m.platform}); ` +
    `medians after warm-up; bench took ${n(results.benchSeconds)} s.`;
  const head: Row = ["Section", "Measure", "toolcat", "Compared with", "Ratio", "Target", "Met"];
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [header, "", line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}
