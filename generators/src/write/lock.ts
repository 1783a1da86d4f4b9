// One generate run writes packages/ at a time: a lock file holding the writer's pid. A lock whose pid
// is no longer running was left by a killed run and is taken over; a live one is waited for briefly
// (parallel Nx tasks), then fails clearly.
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

/**
 * How long a run waits while another live process holds the lock. Nx runs several packages'
 * `generate` at once and each holds the lock only to swap its package in (milliseconds), so they
 * queue; a run that holds it longer (a whole-catalog write) makes the waiter fail with a message.
 */
const waitMs = 2000;

/** Takes the lock (packages/ must exist) and returns its release function. */
export function acquireLock(root: string): () => void {
  const path = join(root, lockFile);
  const start = Date.now();
  let takeovers = 0;
  for (;;) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: "wx" });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(path);
    if (holder === "released") continue;
    const live = typeof holder === "number" && isRunning(holder);
    // The same process cannot release while it waits: fail at once.
    if (live && holder === process.pid) throw new GenerateLockedError(holder);
    // A pid is written right after the file is created: an empty file is that instant, or a crash.
    const patience = live ? waitMs : holder === "unwritten" ? 100 : 0;
    if (Date.now() - start < patience) {
      sleep(10);
      continue;
    }
    if (live) throw new GenerateLockedError(holder);
    if (++takeovers > 2) throw new Error(`could not take ${lockFile}: another run took it over at the same moment; run generate again.`);
    rmSync(path, { force: true }); // stale: its holder is gone
  }
}

/** The holder's pid; "unwritten" between the file's creation and its pid; "released" once gone. */
function readHolder(path: string): number | "unwritten" | "released" | "unreadable" {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "released";
    throw error;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : text === "" ? "unwritten" : "unreadable";
}

function sleep(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
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
