// The model family: the manifest, the provider tool files and the model entry.
import type { EmitFamily } from "../core/family.ts";
import { schemaFamily } from "../schema/family.ts";
import { deferredToolsEmitter } from "./deferred-tools.ts";
import { modelEntryEmitter } from "./entry.ts";
import { groupToolsEmitter } from "./group-tools.ts";
import { manifestEmitter } from "./manifest.ts";
import { routesEmitter } from "./routes.ts";
import { modelToolsEmitter } from "./tools.ts";

export const modelFamily: EmitFamily = {
  name: "model",
  takes: [schemaFamily],
  emitters: [
    manifestEmitter,
    modelToolsEmitter,
    deferredToolsEmitter,
    groupToolsEmitter,
    routesEmitter,
    modelEntryEmitter,
  ],
};
