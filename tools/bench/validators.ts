// Section 4: validator throughput over every tool of the catalog, valid and invalid inputs, the
// generated validators against Ajv (compiled, both modes, and standalone), TypeBox, typia and Zod 4
// (validator-contenders.ts). One child process per server and Node version; per tool, the ratio is
// toolcat ops/s ÷ peer ops/s on the same inputs, and the geometric mean is taken over tools.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { median, ratio, timeNodeOk, workspaceRoot } from "./measure.ts";
import { readManifests } from "./openapi.ts";
import { nodeBin } from "./peers.ts";
import { prepareTypia } from "./peer-typia.ts";
import { contenderNames, type ContenderName } from "./validator-contenders.ts";

/** One tool's figures from the child: ops/s per agreeing contender on each input set. */
export interface ToolRow {
  readonly tool: string;
  readonly inputs: { readonly valid: number; readonly invalid: number };
  readonly valid: Readonly<Record<string, number>>;
  readonly invalid: Readonly<Record<string, number>>;
  /** Issues each contender reports per invalid input (-1: boolean only). */
  readonly issues: Readonly<Record<string, readonly number[]>>;
  /** Contenders that disagree with Ajv on an input of this tool: not timed, not in their ratio. */
  readonly disagreeing: readonly string[];
  /** Schema keywords typia cannot check from the types; when any, typia is not run on the tool. */
  readonly typiaGaps: readonly string[];
  /** Whether the tool's input carries an object request body (see hasObjectBody). */
  readonly body: boolean;
}

/** A geometric mean over the tools both contenders were timed on. */
export interface Ratio {
  readonly ratio: number;
  readonly tools: number;
}

export interface Summary {
  readonly tools: number;
  /** Median ops/s over the tools, per contender, on valid and on invalid inputs. */
  readonly medianOps: {
    readonly valid: Readonly<Partial<Record<ContenderName, number>>>;
    readonly invalid: Readonly<Partial<Record<ContenderName, number>>>;
  };
  /** toolcat's validator ÷ each peer, on valid and on invalid inputs. */
  readonly valid: Readonly<Partial<Record<ContenderName, Ratio>>>;
  readonly invalid: Readonly<Partial<Record<ContenderName, Ratio>>>;
  /** The boolean `is<Tool>` path ÷ each peer; absent until the packages export it. */
  readonly isValid?: Readonly<Partial<Record<ContenderName, Ratio>>>;
  readonly isInvalid?: Readonly<Partial<Record<ContenderName, Ratio>>>;
}

export interface ValidatorRun {
  readonly node: string;
  readonly overall: Summary;
  /** The tools whose input carries an object request body: the body-heavy row (absent in older results). */
  readonly bodies?: Summary;
  readonly servers: readonly (Summary & { readonly server: string })[];
  /** Per contender, the tools it disagrees with Ajv on. */
  readonly disagreeing: Readonly<Partial<Record<ContenderName, readonly string[]>>>;
  readonly tools: readonly ToolRow[];
}

export interface ValidatorsResult {
  readonly inputs: { readonly tools: number; readonly valid: number; readonly invalid: number };
  readonly runs: readonly ValidatorRun[];
}

/**
 * The targets, over all tools and over the body-heavy tools alike: `validate<Tool>` against the same
 * contract (Ajv reporting every error) on valid and on invalid input; the boolean `is<Tool>` against
 * Ajv's first-error mode on valid input and against typia's `equals` on both.
 */
export const validatorTargets = { validateVsAjvAllErrors: 1.3, isVsAjvFirstError: 1.3, isVsTypiaEquals: 1 } as const;

const geomean = (values: readonly number[]): number =>
  Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

function ratios(
  rows: readonly ToolRow[],
  subject: ContenderName,
  validity: "valid" | "invalid",
): Partial<Record<ContenderName, Ratio>> | undefined {
  if (!rows.some((row) => row[validity][subject] !== undefined)) return undefined;
  const out: Partial<Record<ContenderName, Ratio>> = {};
  for (const peer of contenderNames) {
    if (peer === subject || peer === "toolcat" || peer === "toolcatIs") continue;
    const per = rows.flatMap((row) =>
      row[validity][subject] !== undefined && row[validity][peer] !== undefined
        ? [row[validity][subject]! / row[validity][peer]!]
        : [],
    );
    if (per.length > 0) out[peer] = { ratio: ratio(geomean(per)), tools: per.length };
  }
  return out;
}

function medians(rows: readonly ToolRow[], validity: "valid" | "invalid"): Partial<Record<ContenderName, number>> {
  const timed = contenderNames.map(
    (name) => [name, rows.flatMap((row) => (row[validity][name] === undefined ? [] : [row[validity][name]!]))] as const,
  );
  return Object.fromEntries(
    timed.filter(([, ops]) => ops.length > 0).map(([name, ops]) => [name, Math.round(median(ops))]),
  );
}

export function summarize(rows: readonly ToolRow[]): Summary {
  const isValid = ratios(rows, "toolcatIs", "valid");
  const isInvalid = ratios(rows, "toolcatIs", "invalid");
  return {
    tools: rows.length,
    medianOps: { valid: medians(rows, "valid"), invalid: medians(rows, "invalid") },
    valid: ratios(rows, "toolcat", "valid") ?? {},
    invalid: ratios(rows, "toolcat", "invalid") ?? {},
    ...(isValid === undefined ? {} : { isValid }),
    ...(isInvalid === undefined ? {} : { isInvalid }),
  };
}

/** Node majors the section runs on: this process's, plus 20 while package.json's engines admit it. */
function nodeVersions(): { readonly major: string; readonly binary?: string }[] {
  const engines = (
    JSON.parse(readFileSync(join(workspaceRoot, "package.json"), "utf8")) as { engines: { node: string } }
  ).engines.node;
  const current = process.versions.node.split(".")[0]!;
  const oldest = /^>=\s*(\d+)/.exec(engines)?.[1];
  return oldest === "20" && current !== "20"
    ? [{ major: current }, { major: "20", binary: nodeBin("20") }]
    : [{ major: current }];
}

export function benchValidators(): ValidatorsResult {
  prepareTypia();
  const slugs = readManifests(workspaceRoot).map((m) => m.package.replace("@toolcat/", ""));
  const runs = nodeVersions().map(({ major, binary }): ValidatorRun => {
    const servers = slugs.map((slug) => {
      const child = timeNodeOk(
        ["--import", "tsx", "tools/bench/child/throughput.ts", workspaceRoot, slug],
        binary === undefined ? {} : { node: binary },
      );
      return { slug, rows: JSON.parse(child.stdout) as ToolRow[] };
    });
    const tools = servers.flatMap((s) => s.rows);
    const disagreeing = Object.fromEntries(
      contenderNames
        .map((name) => [name, tools.filter((row) => row.disagreeing.includes(name)).map((row) => row.tool)] as const)
        .filter(([, list]) => list.length > 0),
    );
    return {
      node: major,
      overall: summarize(tools),
      bodies: summarize(tools.filter((row) => row.body)),
      servers: servers.map((s) => ({ server: s.slug, ...summarize(s.rows) })),
      disagreeing,
      tools,
    };
  });
  const tools = runs[0]!.tools;
  return {
    inputs: {
      tools: tools.length,
      valid: tools.reduce((sum, t) => sum + t.inputs.valid, 0),
      invalid: tools.reduce((sum, t) => sum + t.inputs.invalid, 0),
    },
    runs,
  };
}
