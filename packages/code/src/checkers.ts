// Warm checkers by declaration set: a run against the same packages reuses the language service
// (and the parsed library and declarations); a few sets are kept, the least recently used dropped.
import { Checker } from "./typecheck.js";

const kept = 4;
const checkers = new Map<string, Checker>();

export function checkerFor(declarations: readonly string[]): Checker {
  const key = declarations.join("\u0000");
  let checker = checkers.get(key);
  if (checker === undefined) {
    checker = new Checker(declarations);
    if (checkers.size >= kept) dropChecker(checkers.keys().next().value ?? "");
  }
  // Re-inserting makes it the most recently used.
  checkers.delete(key);
  checkers.set(key, checker);
  return checker;
}

/** Forgets the checker of a declaration set; used after a check failed mid-way (a host stack overflow). */
export function forgetChecker(declarations: readonly string[]): void {
  dropChecker(declarations.join("\u0000"));
}

function dropChecker(key: string): void {
  checkers.get(key)?.dispose();
  checkers.delete(key);
}
