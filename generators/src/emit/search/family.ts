// The search family: the tool search index.
import type { EmitFamily } from "../core/family.ts";
import { searchIndexEmitter } from "./search-index.ts";

export const searchFamily: EmitFamily = { name: "search", takes: [], emitters: [searchIndexEmitter] };
