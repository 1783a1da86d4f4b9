// Child process for validator throughput over every tool of one server: all contenders in one
// process, each tool's valid set and invalid set timed batch by batch, contenders taking turns so
// machine noise hits all alike. A contender is timed on a tool only if it agrees with Ajv on every
// input of that tool; the ones that do not are reported as disagreeing. Prints a JSON report.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median } from "../measure.ts";
import { ajvStandalone } from "../peer-ajv.ts";
import { typiaDir, typiaGaps } from "../peer-typia.ts";
import {
  contenderNames,
  serverAjv,
  toolContenders,
  type Contender,
  type ServerPeers,
} from "../validator-contenders.ts";
import { hasObjectBody, toolInputs } from "../validator-inputs.ts";
import type { ToolRow } from "../validators.ts";

const [root, slug] = process.argv.slice(2);
if (root === undefined || slug === undefined) throw new Error("usage: throughput.ts <root> <package slug>");
const batchMs = 3;
const warmupBatches = 1;
const measuredBatches = 5;

/** Runs `run` over `n` inputs, counting undefined results so no call can be optimised away. */
type Loop = (run: (input: unknown) => unknown, inputs: readonly unknown[], n: number) => number;

/**
 * A timing loop of its own: compiled from source, as Benchmark.js does, so its call site's type
 * feedback is one contender's. A loop shared by every contender saw a new callee each batch and
 * was deoptimized about a hundred times per server, charging its recompiles to whichever contender
 * happened to run next.
 */
const newLoop = (): Loop =>
  new Function(
    "run",
    "inputs",
    "n",
    "let sink = 0;\nfor (let i = 0; i < n; i++) if (run(inputs[i % inputs.length]) === undefined) sink++;\nreturn " +
      "sink;",
  ) as Loop;

/** Calls per batch so one batch lasts about batchMs, cycling through the inputs. */
function calibrate(loop: Loop, run: (input: unknown) => unknown, inputs: readonly unknown[]): number {
  for (let iterations = 64; ; iterations *= 4) {
    const start = performance.now();
    loop(run, inputs, iterations);
    const elapsed = performance.now() - start;
    if (elapsed > batchMs / 4) return Math.ceil((iterations * batchMs) / elapsed);
  }
}

function throughput(
  contenders: Readonly<Record<string, Contender>>,
  inputs: readonly unknown[],
): Record<string, number> {
  const names = Object.keys(contenders);
  const loops = Object.fromEntries(names.map((name) => [name, newLoop()]));
  const iterations = Object.fromEntries(
    names.map((name) => [name, calibrate(loops[name]!, contenders[name]!.run, inputs)]),
  );
  const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  let sink = 0; // every result is inspected, so no call can be optimised away
  for (let batch = 0; batch < warmupBatches + measuredBatches; batch++) {
    for (const name of names) {
      const n = iterations[name]!;
      const start = performance.now();
      sink += loops[name]!(contenders[name]!.run, inputs, n);
      const elapsed = performance.now() - start;
      if (batch >= warmupBatches) samples[name]!.push((n * 1000) / elapsed);
    }
  }
  if (sink > 0) throw new Error("a validator returned undefined");
  return Object.fromEntries(names.map((name) => [name, Math.round(median(samples[name]!))]));
}

const manifest = JSON.parse(readFileSync(join(root, "packages", slug, "manifest.json"), "utf8")) as {
  tools: { name: string; fullName: string; inputSchema: Record<string, unknown> }[];
};
const typia = (await import(pathToFileURL(join(typiaDir, "out", `${slug}.ts`)).href)) as ServerPeers["typia"];
const peers: ServerPeers = {
  pkg: (await import(`@toolcat/${slug}`)) as Record<string, unknown>,
  ...serverAjv(),
  standalone: ajvStandalone(slug, Object.fromEntries(manifest.tools.map((t) => [t.name, t.inputSchema]))),
  typia: { equals: typia.equals, validateEquals: typia.validateEquals },
};

const rows: ToolRow[] = manifest.tools.map((tool) => {
  const inputs = toolInputs(tool.fullName, tool.inputSchema, peers.ajvAll);
  const all = toolContenders(peers, tool.name, tool.inputSchema);
  const gaps = typiaGaps(tool.inputSchema);
  if (gaps.length > 0) {
    delete all.typiaEquals;
    delete all.typiaValidate;
  }
  const agreeing: Record<string, Contender> = {};
  const disagreeing: string[] = [];
  for (const name of contenderNames) {
    const contender = all[name];
    if (contender === undefined) continue;
    const wrong = [
      ...inputs.valid.filter((input) => !contender.verdict(input).ok),
      ...inputs.invalid.filter((input) => contender.verdict(input).ok),
    ];
    if (wrong.length === 0) agreeing[name] = contender;
    else if (name === "toolcat")
      throw new Error(`${tool.fullName}: the generated validator disagrees with Ajv on ${JSON.stringify(wrong[0])}`);
    else disagreeing.push(name);
  }
  const issues = Object.fromEntries(
    Object.entries(agreeing).map(([name, c]) => [name, inputs.invalid.map((input) => c.verdict(input).issues ?? -1)]),
  );
  return {
    tool: tool.fullName,
    inputs: { valid: inputs.valid.length, invalid: inputs.invalid.length },
    valid: throughput(agreeing, inputs.valid),
    invalid: throughput(agreeing, inputs.invalid),
    issues,
    disagreeing,
    typiaGaps: gaps,
    body: hasObjectBody(tool.inputSchema),
  };
});
process.stdout.write(JSON.stringify(rows));
