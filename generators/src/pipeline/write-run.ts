// A generate run that writes: the packages are generated against the versions on disk, then planned
// and swapped in holding the generate lock, taken once. A version read before the lock can be wrong
// (another run's swap hides a package for a moment; a killed run can leave one half swapped, which
// the lock's holder first rolls forward), so the versions are read again under it, and a package
// whose versions moved is generated again before the plan is made.
import type { Versions } from "../core/files.ts";
import { plan, type Plan } from "../write/output.ts";
import { applyPlan } from "../write/write.ts";
import { packageVersions, runPipeline, serverRun, type PipelineOptions, type PipelineResult } from "./run.ts";

const sameVersions = (a: Versions, b: Versions): boolean => a.package === b.package && a.runtime === b.runtime;

/** `full`: the run owns every package, so packages whose spec is gone are removed whole. */
export function generateAndWrite(
  options: PipelineOptions,
  full: boolean,
): { readonly result: PipelineResult; readonly changes: Plan } {
  const generated = runPipeline(options);
  const { catalog } = generated;
  let result = generated;
  const changes = applyPlan(options.root, () => {
    const settled = packageVersions(options.root, catalog);
    const runs = generated.runs.map((run, i) =>
      sameVersions(run.versions, settled(run.slug)) ? run : serverRun(catalog.servers[i]!, catalog, settled(run.slug)),
    );
    result = { ...generated, runs, files: runs.flatMap((run) => run.files) };
    return plan(options.root, result.slugs, result.files, full);
  });
  return { result, changes };
}
