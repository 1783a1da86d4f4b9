// The request-body family: a captured body's README table, written into the package README (it has
// no emitter of its own). A body's checks are the validator writer's (typescript/schema-checks.ts).
import type { EmitFamily } from "../core/family.ts";

export const requestBodyFamily: EmitFamily = { name: "request-body", takes: [], emitters: [] };
