// Where a process spends its time, from a V8 `.cpuprofile` (`node --cpu-prof`): self time summed
// per function and per module group (a dependency's package, the generators' bundle, Node's own
// code, garbage collection), so the README can say what a cold `generate` is made of.
import { readFileSync } from "node:fs";

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface SelfTime {
  readonly name: string;
  readonly ms: number;
}

export interface ProfileSummary {
  readonly totalMs: number;
  readonly groups: readonly SelfTime[];
  readonly functions: readonly SelfTime[];
}

/** The module group a script URL belongs to: its npm package, or what kind of code it is. */
export function moduleGroup(url: string, functionName: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node internals";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg !== null) return pkg[1]!;
  if (url.includes("generators/dist/")) return "toolcat generators";
  return url
    .replace(/^file:\/\//, "")
    .split("/")
    .slice(-2)
    .join("/");
}

const top = (totals: Map<string, number>, count: number): SelfTime[] =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10 }));

export function summarizeProfile(file: string, count = 12): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    const group = moduleGroup(frame.url, frame.functionName);
    groups.set(group, (groups.get(group) ?? 0) + us);
    const name = `${frame.functionName || "(anonymous)"} (${group})`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  });
  return { totalMs: Math.round(total / 1000), groups: top(groups, count), functions: top(functions, count) };
}
