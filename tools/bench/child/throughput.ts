// Child process for validator throughput: each case is validated by the generated validator (from
// the package's built dist, what a consumer runs), Ajv 2020-12 compiled once from the tool's
// manifest inputSchema (every-error and first-error modes) and Zod 4 built from the same schema.
// Contenders alternate batch by batch so machine noise hits all alike. Prints a JSON report for
// the case named by its index in validatorCases.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { formats } from "@toolcat/runtime/formats";
import { median } from "../measure.ts";
import { validatorCases, type ValidatorCase } from "../validator-cases.ts";
import { zodFromSchema } from "../zod-schema.ts";

const [root, caseIndex] = process.argv.slice(2);
const selected = validatorCases[Number(caseIndex)];
if (root === undefined || selected === undefined) throw new Error("usage: throughput.ts <root> <case index>");
const batchMs = 100;
const warmupBatches = 2;
const measuredBatches = 7;

/** What a contender returns, reduced to verdict and issue count for the agreement check. */
type Verdict = { readonly ok: boolean; readonly issues: number };

interface Contender {
  /** The bare call that is timed: exactly what a caller pays per validation. */
  readonly run: (input: unknown) => unknown;
  readonly verdict: (input: unknown) => Verdict;
}

function ajv(allErrors: boolean): Ajv2020 {
  // Stock Ajv as the contract tests use it: ajv-formats only, strict mode; plus one keyword, since
  // JSON Schema leaves `contentMediaType` an annotation while toolcat and Zod check JSON text: Ajv
  // checks it too (with the runtime's predicate), so all three do the same work.
  const instance = new Ajv2020({ allErrors, strict: true });
  addFormats.default(instance);
  instance.removeKeyword("contentMediaType");
  instance.addKeyword({
    keyword: "contentMediaType",
    type: "string",
    schemaType: "string",
    errors: false,
    validate: (media: string, data: string) => media !== "application/json" || formats.json(data),
  });
  return instance;
}

async function contenders(c: ValidatorCase): Promise<Record<string, Contender>> {
  const manifest = JSON.parse(readFileSync(join(root!, "packages", c.slug, "manifest.json"), "utf8")) as { tools: { name: string; inputSchema: Record<string, unknown> }[] };
  const schema = manifest.tools.find((t) => t.name === c.tool)?.inputSchema;
  if (schema === undefined) throw new Error(`${c.server}.${c.tool} is not in packages/${c.slug}/manifest.json`);
  const pkg = (await import(`@toolcat/${c.slug}`)) as Record<string, unknown>;
  const ours = pkg[`validate${c.tool}`] as (input: unknown) => { ok: boolean; issues?: readonly unknown[] };
  const every = ajv(true).compile(schema);
  const first = ajv(false).compile(schema);
  const zod = zodFromSchema(schema);
  const zodParse = (input: unknown) => zod.safeParse(input);
  return {
    toolcat: { run: ours, verdict: (input) => ({ ok: ours(input).ok, issues: ours(input).issues?.length ?? 0 }) },
    ajvAllErrors: { run: every, verdict: (input) => ({ ok: every(input), issues: every.errors?.length ?? 0 }) },
    ajvFirstError: { run: first, verdict: (input) => ({ ok: first(input), issues: first.errors?.length ?? 0 }) },
    zod: { run: zodParse, verdict: (input) => ({ ok: zodParse(input).success, issues: zodParse(input).error?.issues.length ?? 0 }) },
  };
}

/** Calls per batch so one batch lasts about batchMs. */
function calibrate(run: (input: unknown) => unknown, input: unknown): number {
  let iterations = 1000;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < iterations; i++) run(input);
    const elapsed = performance.now() - start;
    if (elapsed > batchMs / 4) return Math.ceil((iterations * batchMs) / elapsed);
    iterations *= 4;
  }
}

function throughput(contenders: Record<string, Contender>, input: unknown): Record<string, number> {
  const names = Object.keys(contenders);
  const iterations = Object.fromEntries(names.map((name) => [name, calibrate(contenders[name]!.run, input)]));
  const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  let sink = 0; // every result is inspected, so no call can be optimised away
  for (let batch = 0; batch < warmupBatches + measuredBatches; batch++) {
    for (const name of names) {
      const run = contenders[name]!.run;
      const n = iterations[name]!;
      const start = performance.now();
      for (let i = 0; i < n; i++) if (run(input) === undefined) sink++;
      const elapsed = performance.now() - start;
      if (batch >= warmupBatches) samples[name]!.push((n * 1000) / elapsed);
    }
  }
  if (sink > 0) throw new Error("a validator returned undefined");
  return Object.fromEntries(names.map((name) => [name, Math.round(median(samples[name]!))]));
}

// One tool per process: what one tool's checks taught the JIT must not speed up or slow down another's.
const all = await contenders(selected);
const report = (["valid", "invalid"] as const).map((validity) => {
  const input = selected[validity];
  // A speed comparison is only meaningful between validators that agree on the verdict.
  const verdicts = Object.fromEntries(Object.entries(all).map(([name, contender]) => [name, contender.verdict(input)]));
  for (const [name, verdict] of Object.entries(verdicts)) {
    if (verdict.ok !== (validity === "valid")) throw new Error(`${name} calls the ${validity} ${selected.server}.${selected.tool} input ${verdict.ok ? "valid" : "invalid"}`);
  }
  return {
    validity,
    opsPerSecond: throughput(all, input),
    issuesReported: Object.fromEntries(Object.entries(verdicts).map(([name, verdict]) => [name, verdict.issues])),
  };
});
process.stdout.write(JSON.stringify(report));
