// The request-body family: a captured body's checks and README table, written into other families'
// files (it has no emitter of its own).
import type { EmitFamily } from "../core/family.ts";

export const requestBodyFamily: EmitFamily = { name: "request-body", takes: [], emitters: [] };
