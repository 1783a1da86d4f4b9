// The package family: package.json, tsconfig and LICENSE.
import type { EmitFamily } from "../core/family.ts";
import { licenseEmitter } from "./license.ts";
import { packageFilesEmitter } from "./package-files.ts";

export const packageFamily: EmitFamily = {
  name: "package",
  takes: [],
  emitters: [packageFilesEmitter, licenseEmitter],
};
