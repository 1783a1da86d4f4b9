// Section 4: validator throughput on three real tools, valid and invalid inputs, against Ajv 2020-12
// (every-error mode, which reports every issue as ours do, and its default first-error mode) and
// Zod 4. Each tool runs in its own fresh process; the ratios come from the same process and batches.
import { ratio, timeNodeOk, workspaceRoot } from "./measure.ts";
import { validatorCases } from "./validator-cases.ts";

export type Contender = "toolcat" | "ajvAllErrors" | "ajvFirstError" | "zod";

export interface ThroughputRow {
  readonly tool: string;
  readonly shape: string;
  readonly validity: "valid" | "invalid";
  readonly opsPerSecond: Readonly<Record<Contender, number>>;
  readonly issuesReported: Readonly<Record<Contender, number>>;
  /** toolcat ops/s ÷ Ajv allErrors ops/s; target ≥ 1.5. */
  readonly vsAjvAllErrors: number;
  readonly vsAjvFirstError: number;
  /** toolcat ops/s ÷ Zod ops/s; target ≥ 5. */
  readonly vsZod: number;
}

export interface Geomeans {
  readonly vsAjvAllErrors: number;
  readonly vsAjvFirstError: number;
  readonly vsZod: number;
}

/** Issue 17's targets: valid rows ≥ 1.5× Ajv all errors, invalid rows ≥ 1×, all six ≥ 5× Zod. */
export const validatorTargets = { validVsAjv: 1.5, invalidVsAjv: 1, vsZod: 5 } as const;

export interface ValidatorsResult {
  readonly rows: readonly ThroughputRow[];
  /** Geometric means of the per-row ratios over the valid rows, the invalid rows and all of them. */
  readonly geomean: { readonly valid: Geomeans; readonly invalid: Geomeans; readonly all: Geomeans };
}

type ChildRow = Pick<ThroughputRow, "validity" | "opsPerSecond" | "issuesReported">;

const geomean = (values: readonly number[]): number => Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

export function benchValidators(): ValidatorsResult {
  const rows = validatorCases.flatMap((c, index) => {
    const run = timeNodeOk(["--import", "tsx", "tools/bench/child/throughput.ts", workspaceRoot, String(index)]);
    return (JSON.parse(run.stdout) as ChildRow[]).map((row): ThroughputRow => {
      const ops = row.opsPerSecond;
      return {
        tool: `${c.server}.${c.tool}`,
        shape: c.shape,
        ...row,
        vsAjvAllErrors: ratio(ops.toolcat / ops.ajvAllErrors),
        vsAjvFirstError: ratio(ops.toolcat / ops.ajvFirstError),
        vsZod: ratio(ops.toolcat / ops.zod),
      };
    });
  });
  const means = (subset: readonly ThroughputRow[]): Geomeans => ({
    vsAjvAllErrors: ratio(geomean(subset.map((r) => r.vsAjvAllErrors))),
    vsAjvFirstError: ratio(geomean(subset.map((r) => r.vsAjvFirstError))),
    vsZod: ratio(geomean(subset.map((r) => r.vsZod))),
  });
  return {
    rows,
    geomean: {
      valid: means(rows.filter((r) => r.validity === "valid")),
      invalid: means(rows.filter((r) => r.validity === "invalid")),
      all: means(rows),
    },
  };
}
