// The schema family: the JSON Schema writer of the schema IR, tool inputs and server facts, written
// into other families' files (it has no emitter of its own).
import type { EmitFamily } from "../core/family.ts";

export const schemaFamily: EmitFamily = { name: "schema", takes: [], emitters: [] };
