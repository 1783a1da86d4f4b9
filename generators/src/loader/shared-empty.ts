// The empty list and the empty hint set of every spec entry that leaves them out: one shared, frozen value rather than
// a new `[]` or `{}` for each tool and parameter, which together were a tenth of a large catalog's memory. IR values
// are read-only, so sharing them changes nothing a reader sees.
import type { ToolAnnotations } from "../ir/types.ts";

export const noItems: readonly never[] = Object.freeze([]);

export const noAnnotations: ToolAnnotations = Object.freeze({});
