// A generate run that writes: the packages are generated one at a time against the versions on
// disk and each is staged as it comes (write/write.ts), then compared again and swapped in holding
// the generate lock, taken once. A version read before the lock can be wrong (another run's swap
// hides a package for a moment; a killed run can leave one half swapped, which the lock's holder
// first rolls forward), so the versions are read again under it, and a package whose versions moved
// is generated again before the packages are compared.
import type { Versions } from "../core/files.ts";
import type { PackageChanges } from "../write/output.ts";
import { writePackages } from "../write/write.ts";
import {
  loadPipelineCatalog,
  packageVersions,
  serverRun,
  serverRuns,
  type PipelineOptions,
  type ServerRun,
} from "./run.ts";

const sameVersions = (a: Versions, b: Versions): boolean => a.package === b.package && a.runtime === b.runtime;

/** What a run reports of a package once its files are written: their number, not their text. */
export interface WrittenRun extends Omit<ServerRun, "files"> {
  readonly files: number;
}

export interface WriteResult {
  /** Every package generated, in catalog order. */
  readonly runs: readonly WrittenRun[];
  /** The packages that changed on disk. */
  readonly changes: readonly PackageChanges[];
}

/** `full`: the run owns every package, so packages whose spec is gone are removed whole. */
export function generateAndWrite(options: PipelineOptions, full: boolean): WriteResult {
  const catalog = options.catalog ?? loadPipelineCatalog(options);
  const runs = new Map<string, WrittenRun>();
  const record = (run: ServerRun): ServerRun => {
    runs.set(run.slug, { ...run, files: run.files.length });
    return run;
  };
  function* generated(): Generator<ServerRun> {
    for (const run of serverRuns(catalog, packageVersions(options.root, catalog))) yield record(run);
  }
  const changes = writePackages(options.root, generated(), {
    full,
    settle() {
      const settled = packageVersions(options.root, catalog);
      const servers = new Map(catalog.servers.map((server) => [server.slug, server]));
      return {
        moved: (slug) => !sameVersions(runs.get(slug)!.versions, settled(slug)),
        generate: (slug) => record(serverRun(servers.get(slug)!, catalog, settled(slug))),
      };
    },
  });
  return { runs: [...runs.values()], changes };
}
