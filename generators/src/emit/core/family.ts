// An emit family: one folder of `emit/`, the emitters it holds and the families it takes from (each
// folder's family.ts declares it). The registry writes the families in the order this gives: every
// family after those it takes from, otherwise in the order listed. The lint's `emit-family-<name>`
// rules forbid any other import between families, and a test holds those rules to these declarations.
import type { Emitter } from "./emitter.ts";

export interface EmitFamily {
  /** The folder under `emit/`. */
  readonly name: string;
  /** Families whose modules this one imports, besides `core/` (which every family takes from). */
  readonly takes: readonly EmitFamily[];
  readonly emitters: readonly Emitter[];
}

export const coreFamily: EmitFamily = { name: "core", takes: [], emitters: [] };

/** Every family reachable from `families`, each after the families it takes from; a loop is an error. */
export function inDependencyOrder(families: readonly EmitFamily[]): EmitFamily[] {
  const placed: EmitFamily[] = [];
  const visit = (family: EmitFamily, path: readonly string[]): void => {
    if (path.includes(family.name))
      throw new Error(`toolcat internal error: emit families loop: ${[...path, family.name].join(" → ")}`);
    if (placed.includes(family)) return;
    for (const taken of family.takes) visit(taken, [...path, family.name]);
    placed.push(family);
  };
  for (const family of families) visit(family, []);
  return placed;
}
