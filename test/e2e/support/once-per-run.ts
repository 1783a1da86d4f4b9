// Work done once per e2e run and shared by the test files that need its result. Files run two at a
// time in separate workers, so the first to ask does the work while holding a lock directory in the
// run's scratch directory, and the others wait for the JSON result it writes (or the error it left).
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { writeFileAtomic } from "../../../generators/src/write/atomic-write.ts";

const waitMs = 10 * 60_000;

/** `make`'s result for this e2e run: made by the first file to ask, read from the scratch directory by the rest. */
export function oncePerRun<T>(name: string, what: string, make: (scratch: string) => T): T {
  const scratch = inject("e2eScratch");
  const result = join(scratch, `${name}.json`);
  const failure = join(scratch, `${name}.failed`);
  let maker = false;
  try {
    mkdirSync(join(scratch, `${name}.lock`));
    maker = true;
  } catch (error) {
    // EEXIST: another file holds the lock, and is making it or has made it. Anything else is real.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (maker) {
    try {
      writeFileAtomic(result, JSON.stringify(make(scratch)));
    } catch (error) {
      writeFileAtomic(failure, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + waitMs; !existsSync(result); Atomics.wait(sleeper, 0, 0, 200)) {
    if (existsSync(failure)) throw new Error(`${what} failed in another test file:\n${readFileSync(failure, "utf8")}`);
    if (Date.now() > deadline) throw new Error(`${what} did not finish within ${waitMs / 60_000} minutes`);
  }
  return JSON.parse(readFileSync(result, "utf8")) as T;
}
