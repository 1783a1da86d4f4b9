// One generate run writes packages/ at a time: a lock file holding the writer's pid. A lock whose pid
// is no longer running was left by a killed run and is taken over; a live one fails clearly.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const lockFile = "packages/.toolcat-lock";
export const stagingPrefix = ".toolcat-staging-";

export class GenerateLockedError extends Error {
  constructor(readonly holder: number) {
    super(`${lockFile} is held by process ${holder}, another toolcat generate run; wait for it to finish (or, if ` +
      `that process is not toolcat, delete ${lockFile}).`);
    this.name = "GenerateLockedError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock (packages/ must exist) and returns its release function. */
export function acquireLock(root: string): () => void {
  const path = join(root, lockFile);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: "wx" });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number.parseInt(readFileSync(path, "utf8"), 10);
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) throw new GenerateLockedError(holder);
    rmSync(path, { force: true }); // stale: its holder is gone
  }
  throw new Error(`could not take ${lockFile}: another run took it over at the same moment; run generate again.`);
}

/** Staging directories under packages/ (left by killed runs when no run holds the lock). */
export function stagingLeftovers(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, "packages"));
  } catch {
    return [];
  }
  return names.filter((name) => name.startsWith(stagingPrefix)).map((name) => `packages/${name}`).sort();
}
