// The readme family: the package README, its sections and model examples.
import type { EmitFamily } from "../core/family.ts";
import { modelFamily } from "../model/family.ts";
import { packageFamily } from "../package/family.ts";
import { requestBodyFamily } from "../request-body/family.ts";
import { schemaFamily } from "../schema/family.ts";
import { readmeEmitter } from "./readme.ts";

export const readmeFamily: EmitFamily = {
  name: "readme",
  takes: [modelFamily, packageFamily, requestBodyFamily, schemaFamily],
  emitters: [readmeEmitter],
};
