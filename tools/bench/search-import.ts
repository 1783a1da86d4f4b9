// Cold import before and after tool search: the package as it was in the commit before search was
// added (its sources and the runtime's, built in a scratch directory) against the package now, each
// imported by a fresh process, interleaved so machine load hits both alike.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildAt, git } from "./build-at.ts";
import { interleave, round, stats, timeNodeOk, type Stats } from "./measure.ts";

export interface ImportBeforeAfter {
  readonly package: string;
  /** The commit measured as "before": the parent of the one that added the search. */
  readonly before: string;
  readonly beforeMs: Stats;
  readonly afterMs: Stats;
}

/** The commit before `packages/runtime/src/search` existed. */
function baseRevision(): string {
  const added = git("log", "--diff-filter=A", "--format=%H", "-1", "--", "packages/runtime/src/search/tool-search.ts");
  return git("rev-parse", "--short", `${added}^`);
}

export function importBeforeAfter(slugs: readonly string[], warmup: number, runs: number): ImportBeforeAfter[] {
  const before = baseRevision();
  return slugs.map((slug) => {
    const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-before-search-"));
    try {
      const old = pathToFileURL(join(buildAt(before, [slug], dir)[slug]!, "dist/index.js")).href;
      const importMs = (specifier: string) => () =>
        (JSON.parse(timeNodeOk(["tools/bench/child/import.mjs", specifier]).stdout) as { importMs: number }).importMs;
      const times = interleave({ before: importMs(old), after: importMs(`@toolcat/${slug}`) }, warmup, runs);
      const ms = (values: readonly number[]) => stats(values.map((value) => round(value, 2)));
      return { package: `@toolcat/${slug}`, before, beforeMs: ms(times["before"]!), afterMs: ms(times["after"]!) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
