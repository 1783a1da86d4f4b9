// Once per e2e run: a scratch directory the test files share (the packed tarballs live there, see
// tarballs.ts) and the time the run started, removed when the run ends.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A directory shared by every e2e test file of this run. */
    e2eScratch: string;
    /** When this run started (ms since the epoch). */
    e2eStarted: number;
  }
}

export default function setup(project: TestProject): () => void {
  const scratch = mkdtempSync(join(realpathSync(tmpdir()), "toolcat-e2e-run-"));
  project.provide("e2eScratch", scratch);
  project.provide("e2eStarted", Date.now());
  return () => rmSync(scratch, { recursive: true, force: true });
}
