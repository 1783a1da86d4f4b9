// Section 2b: `toolcat generate --watch`. One watching process in a scratch workspace; each measured
// edit saves specs/cloud-sheets.yaml with a new tool purpose and waits for the cycle line saying
// which files were written (printed after the atomic write has finished). Save-to-written is the
// time from the save call to that line; the cycle figure is the tool's own, from event to written.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { freshWorkspace, toolcatBin } from "./generation.ts";
import { anchor, editedSpec } from "./incremental.ts";
import { median, round, stats, type Stats } from "./measure.ts";

export interface WatchResult {
  readonly editedSpec: string;
  readonly edits: number;
  /** Save call to "files written" line, per edit. Target: median ≤ 150 ms. */
  readonly saveToWrittenMs: Stats;
  /** The watcher's own figure for the cycle (re-lint, regenerate one package, write). */
  readonly cycleMs: number;
  readonly filesWrittenPerEdit: number;
}

const cycleLine = /^specs\/cloud-sheets\.yaml: 1 package\(s\) checked, (\d+) file\(s\) written in (\d+) ms$/;

export async function benchWatch(edits = 20): Promise<WatchResult> {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-watch-"));
  const root = freshWorkspace(dir);
  const child = spawn(process.execPath, [toolcatBin, "generate", "--watch"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async (pattern: RegExp): Promise<RegExpExecArray> => {
    for (;;) {
      const line = await lines.next();
      if (line.done === true) throw new Error(`the watcher exited before printing ${pattern}\n${stderr.slice(-4000)}`);
      const match = pattern.exec(line.value);
      if (match !== null) return match;
    }
  };
  try {
    await nextLine(/^watching specs\//);
    const spec = join(root, editedSpec);
    const original = readFileSync(spec, "utf8");
    if (!original.includes(anchor))
      throw new Error(`${editedSpec} no longer contains "${anchor}"; update the benchmark's edit`);
    const samples: { wall: number; cycle: number; files: number }[] = [];
    for (let i = 0; i < edits + 1; i++) {
      const start = performance.now();
      writeFileSync(spec, original.replace(anchor, `${anchor} (watch edit ${i + 1})`));
      const match = await nextLine(cycleLine);
      const wall = performance.now() - start;
      // The first edit is the warm-up: it is the first time the watcher regenerates one package alone.
      if (i > 0) samples.push({ wall, cycle: Number(match[2]), files: Number(match[1]) });
      if (!readFileSync(join(root, "packages/cloud-sheets/manifest.json"), "utf8").includes(`(watch edit ${i + 1})`)) {
        throw new Error("the edit did not reach packages/cloud-sheets/manifest.json");
      }
      // Editors pause between saves; this also keeps one save's trailing events out of the next.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      editedSpec,
      edits,
      saveToWrittenMs: stats(samples.map((s) => round(s.wall))),
      cycleMs: round(median(samples.map((s) => s.cycle))),
      filesWrittenPerEdit: median(samples.map((s) => s.files)),
    };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
