// A captured request body: what a running engine answered to mode get_request_schema, read into the
// schema IR (schema.ts) that the validator, types, README, manifest and release writers read.
import type { JsonValue } from "./json.ts";
import type { SchemaDocument } from "./schema.ts";

/**
 * One tool's captured body schema (specs/request-bodies/<slug>/<Tool>.json); its `definitions` are
 * every schema a `$ref` names and every `components.schemas` entry.
 */
export interface CapturedRequestBody extends SchemaDocument {
  /** Path relative to the workspace root. */
  readonly file: string;
  /** Base URL of the engine that answered (never a key). */
  readonly capturedFrom: string;
  /** ISO 8601 time of the capture. */
  readonly capturedAt: string;
  /** The schema exactly as returned (root and components), for releases. */
  readonly answer: { readonly root: JsonValue; readonly components: Readonly<Record<string, JsonValue>> };
}
