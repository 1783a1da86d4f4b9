// Section 6: `toolcat check-drift` over the whole catalog, as CI runs it: a cold process that
// regenerates all seven packages in memory and compares them with the committed files.
import { interleave, round, stats, timeNode, type ProcessRun, type Stats } from "./measure.ts";

export interface DriftResult {
  readonly wallMs: Stats;
  readonly peakMb: number;
  /** False when the tree had drifted: the time is still a full check, but the run found changes. */
  readonly inSync: boolean;
  readonly summary: string;
}

export function benchDrift(warmup = 1, runs = 5): DriftResult {
  const results = interleave<ProcessRun>(
    { drift: () => timeNode(["generators/bin/toolcat.js", "check-drift"]) },
    warmup,
    runs,
  )["drift"]!;
  const statuses = new Set(results.map((r) => r.status));
  // 0 is in sync, 1 is drift found; anything else means the check itself broke and timed nothing.
  if ([...statuses].some((status) => status !== 0 && status !== 1))
    throw new Error(`check-drift failed\n${results.at(-1)!.stderr.slice(-4000)}`);
  return {
    wallMs: stats(results.map((r) => r.milliseconds)),
    peakMb: round(Math.max(...results.map((r) => r.peakMb))),
    inSync: statuses.size === 1 && statuses.has(0),
    summary: (results.at(-1)!.stdout.trim() || results.at(-1)!.stderr.trim().split("\n")[0]) ?? "",
  };
}
