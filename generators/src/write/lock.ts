// One generate run writes packages/ at a time: a lock file holding the writer's pid. A lock whose pid
// is no longer running was left by a killed run and is taken over; a live one is waited for briefly
// (parallel Nx tasks), then fails clearly. The same pid test tells a killed run's staging directory
// from one a live run is filling.
import { linkSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const lockFile = "packages/.toolcat-lock";
export const stagingPrefix = ".toolcat-staging-";

export class GenerateLockedError extends Error {
  constructor(readonly holder: number) {
    super(
      `${lockFile} is held by process ${holder}, another toolcat generate run; wait for it to finish (or, if ` +
        `that process is not toolcat, delete ${lockFile}).`,
    );
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

/**
 * How long a run waits while another live process holds the lock. Nx runs several packages'
 * `generate` at once and each holds the lock only to swap its package in (milliseconds), so they
 * queue; a run that holds it longer (a whole-catalog write) makes the waiter fail with a message.
 */
const waitMs = 2000;
const unwrittenMs = 500;

/** Takes the lock (packages/ must exist) and returns its release function. */
export function acquireLock(root: string): () => void {
  const path = join(root, lockFile);
  const start = Date.now();
  for (let takeovers = 0; ;) {
    if (create(path)) return () => rmSync(path, { force: true });
    const text = readLock(path);
    if (text === undefined) continue; // released since
    const holder = holderIn(text);
    const live = holder !== undefined && isRunning(holder);
    if (live) {
      // The same process cannot release while it waits: fail at once.
      if (holder !== process.pid && Date.now() - start < waitMs) {
        sleep(10);
        continue;
      }
      throw new GenerateLockedError(holder);
    }
    // Text without a pid: a writer that creates the file before writing it (not this one) may be
    // between the two; past a moment it is a crashed run's.
    if (holder === undefined && Date.now() - start < unwrittenMs) {
      sleep(10);
      continue;
    }
    if (++takeovers > 5)
      throw new Error(`could not take ${lockFile}: other runs kept taking it over; run generate again.`);
    removeStale(path, text);
  }
}

/**
 * Creates the lock holding this pid, or returns false when it exists. The pid is written to a file
 * of this process first and hard-linked into place, so the lock is never seen empty or half written.
 */
function create(path: string): boolean {
  const own = `${path}.${process.pid}.tmp`;
  rmSync(own, { force: true });
  writeFileSync(own, `${process.pid}\n`, { flag: "wx" });
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(own, { force: true });
  }
}

/**
 * Removes a lock whose holder is gone. Two runs may find the same stale lock: each moves it aside
 * first (only one rename wins) and checks it moved the file it judged, so a run never deletes a
 * lock another run has just taken; if it did move a fresh one, it puts it back.
 */
function removeStale(path: string, judged: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // another run removed it
    throw error;
  }
  try {
    if (readLock(aside) !== judged) linkSync(aside, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    throw new Error(`could not take ${lockFile}: several runs started at once while it was stale; run generate again.`);
  } finally {
    rmSync(aside, { force: true });
  }
}

/** The lock's text, or undefined once it is gone. */
function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The holder's pid; undefined for text no run writes (the lock is then stale). */
function holderIn(text: string): number | undefined {
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 && text === `${pid}\n` ? pid : undefined;
}

function sleep(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

/**
 * Staging directories under packages/ that no running process owns: left by killed runs. A run
 * stages outside the lock, in a directory named for its pid (`.toolcat-staging-<pid>-<random>`),
 * so a directory whose pid is running is another run's work in progress (or this run's own) and
 * is left alone.
 */
export function stagingLeftovers(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, "packages"));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(stagingPrefix) && !ownedByRunning(name.slice(stagingPrefix.length)))
    .map((name) => `packages/${name}`)
    .sort();
}

function ownedByRunning(suffix: string): boolean {
  const pid = /^([1-9][0-9]*)-/.exec(suffix)?.[1];
  return pid !== undefined && isRunning(Number(pid));
}
