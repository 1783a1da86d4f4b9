// From IR to files: every emitter for every server, in memory. Writing is a separate step so a
// failure anywhere leaves the working tree untouched.
import type { Catalog, Server } from "./ir/types.ts";
import { emitClient } from "./emit/client.ts";
import { emitManifest } from "./emit/manifest.ts";
import { emitPackageFiles, type Versions } from "./emit/package-files.ts";
import { emitReadme } from "./emit/readme.ts";
import type { GeneratedFile } from "./emit/source-file.ts";
import { emitTypes } from "./emit/types.ts";
import { emitValidators } from "./emit/validators.ts";

export type { GeneratedFile };

export function generateServer(server: Server, catalog: Catalog, versions: Versions): GeneratedFile[] {
  return [
    ...emitPackageFiles(server, versions),
    emitTypes(server, catalog),
    emitValidators(server, catalog),
    emitClient(server),
    ...emitManifest(server, catalog),
    emitReadme(server, catalog),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
