// A full generate run also rewrites the committed precompiled spec validators when specs/schema
// changed: a write like the packages', kept out of the loader, which only reads.
import { staleSpecSchemaModule } from "../loader/spec-schema.ts";
import { writeFileAtomic } from "./atomic-write.ts";

/** Rewrites the committed module when the schemas changed; atomic (write beside, then rename). */
export function refreshSpecSchemaModule(): boolean {
  const stale = staleSpecSchemaModule();
  if (stale === undefined) return false;
  writeFileAtomic(stale.file, stale.generated);
  return true;
}
