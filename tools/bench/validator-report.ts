// Section 4's rows of the results table: per Node version, the geometric means over every tool of
// toolcat's validator against each peer (valid and invalid inputs), the boolean `is<Tool>` path
// against the boolean peers, the same over the tools with an object request body, and on the
// first (newest) version one row per server.
import { n, mark, type Row } from "./table.ts";
import type { ContenderName } from "./validator-contenders.ts";
import { validatorTargets, type Ratio, type Summary, type ValidatorRun, type ValidatorsResult } from "./validators.ts";

const labels: Readonly<Record<ContenderName, string>> = {
  toolcat: "toolcat",
  toolcatIs: "toolcat is<Tool>",
  ajvFirstError: "Ajv first error",
  ajvAllErrors: "Ajv all errors",
  ajvStandalone: "Ajv standalone",
  typebox: "TypeBox Check",
  typiaEquals: "typia equals",
  typiaValidate: "typia validateEquals",
  zod: "Zod 4",
};

const times = (value: number) => `${Number(value.toPrecision(3))}×`;
const mops = (value: number) => `${n(value / 1e6, 2)} M/s`;

/** "peer (tools) ratio" cells: the tools count only where a peer was left out of some tools. */
function versus(
  ratios: Readonly<Partial<Record<ContenderName, Ratio>>>,
  tools: number,
): { peers: string; ratios: string } {
  const entries = Object.entries(ratios) as [ContenderName, Ratio][];
  return {
    peers: entries
      .map(([peer, r]) => (r.tools === tools ? labels[peer] : `${labels[peer]} (${r.tools} tools)`))
      .join("; "),
    ratios: entries.map(([, r]) => times(r.ratio)).join(" / "),
  };
}

const { validateVsAjvAllErrors, isVsAjvFirstError, isVsTypiaEquals } = validatorTargets;

/** A target cell and whether it is met; a peer not timed on any tool misses it. */
function goal(
  ratios: Readonly<Partial<Record<ContenderName, Ratio>>>,
  wanted: readonly (readonly [ContenderName, number])[],
): { target: string; met: string } {
  return {
    target: wanted.map(([peer, at]) => `≥ ${at}× ${labels[peer]}`).join(", "),
    met: mark(wanted.every(([peer, at]) => (ratios[peer]?.ratio ?? 0) >= at)),
  };
}

function summaryRows(section: string, what: string, s: Summary, targets: boolean): Row[] {
  const rows: Row[] = [];
  for (const validity of ["valid", "invalid"] as const) {
    const v = versus(s[validity], s.tools);
    const g = goal(s[validity], [["ajvAllErrors", validateVsAjvAllErrors]]);
    rows.push([
      section,
      `${what}, ${validity} inputs`,
      `median ${mops(s.medianOps[validity].toolcat ?? 0)}`,
      v.peers,
      v.ratios,
      targets ? g.target : "",
      targets ? g.met : "",
    ]);
  }
  if (!targets) return rows;
  for (const validity of ["valid", "invalid"] as const) {
    const is = validity === "valid" ? s.isValid : s.isInvalid;
    const wanted: (readonly [ContenderName, number])[] =
      validity === "valid"
        ? [
            ["ajvFirstError", isVsAjvFirstError],
            ["typiaEquals", isVsTypiaEquals],
          ]
        : [["typiaEquals", isVsTypiaEquals]];
    const measure = `${what}, boolean is<Tool>, ${validity} inputs`;
    if (is === undefined) {
      const g = goal({}, wanted);
      rows.push([section, measure, "absent: the packages export no is<Tool> yet", "", "", g.target, ""]);
      continue;
    }
    const v = versus(is, s.tools);
    const g = goal(is, wanted);
    rows.push([
      section,
      measure,
      `median ${mops(s.medianOps[validity].toolcatIs ?? 0)}`,
      v.peers,
      v.ratios,
      g.target,
      g.met,
    ]);
  }
  return rows;
}

function runRows(run: ValidatorRun, perServer: boolean): Row[] {
  const section = `4 Validators, Node ${run.node}`;
  const rows = [
    ...summaryRows(section, `all ${run.overall.tools} tools, geometric mean over tools`, run.overall, true),
    ...(run.bodies === undefined
      ? []
      : summaryRows(
          section,
          `${run.bodies.tools} tools with an object request body, geometric mean over them`,
          run.bodies,
          true,
        )),
  ];
  if (!perServer) return rows;
  for (const server of run.servers)
    rows.push(...summaryRows(section, `${server.server} (${server.tools} tools)`, server, false));
  return rows;
}

export function validatorRows(v: ValidatorsResult): Row[] {
  return v.runs.flatMap((run, index) => runRows(run, index === 0));
}
