// The IR of a captured request body: what a running engine answered to mode get_request_schema,
// normalized from OpenAPI 3.0/3.1 into one shape the validator, README and manifest emitters read.
import type { JsonValue } from "./json.ts";

interface Annotated {
  readonly description?: string;
  /** OpenAPI 3.0 `nullable: true`, or `null` among 3.1's `type` list. */
  readonly nullable: boolean;
}

export interface BodyString extends Annotated {
  readonly kind: "string";
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Kept as documentation: formats are the engine's own and not checked. */
  readonly format?: string;
}
export interface BodyNumber extends Annotated {
  readonly kind: "integer" | "number";
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
}
export interface BodyBoolean extends Annotated {
  readonly kind: "boolean";
}
export interface BodyNull {
  readonly kind: "null";
  readonly description?: string;
}
export interface BodyEnum extends Annotated {
  readonly kind: "enum";
  /** Allowed values (also `const`, as one value); null is allowed through `nullable` only. */
  readonly values: readonly (string | number | boolean)[];
}
export interface BodyProperty {
  readonly name: string;
  readonly required: boolean;
  readonly schema: BodySchema;
}
export interface BodyObject extends Annotated {
  readonly kind: "object";
  readonly properties: readonly BodyProperty[];
  /** `additionalProperties`: true when absent, as OpenAPI says. */
  readonly additional: boolean | BodySchema;
  readonly minProperties?: number;
  readonly maxProperties?: number;
}
export interface BodyArray extends Annotated {
  readonly kind: "array";
  readonly items: BodySchema;
  readonly minItems?: number;
  readonly maxItems?: number;
}
export interface BodyComposite extends Annotated {
  /** oneOf: exactly one option matches; anyOf: at least one; allOf: every one. */
  readonly kind: "oneOf" | "anyOf" | "allOf";
  readonly options: readonly BodySchema[];
}
export interface BodyRef extends Annotated {
  readonly kind: "ref";
  /** A name under `components.schemas`. */
  readonly name: string;
}
export interface BodyAny {
  readonly kind: "any";
  readonly description?: string;
}

export type BodySchema = BodyString | BodyNumber | BodyBoolean | BodyNull | BodyEnum | BodyObject | BodyArray | BodyComposite | BodyRef | BodyAny;

/** One tool's captured body schema (specs/request-bodies/<slug>/<Tool>.json). */
export interface CapturedRequestBody {
  /** Path relative to the workspace root. */
  readonly file: string;
  /** Base URL of the engine that answered (never a key). */
  readonly capturedFrom: string;
  /** ISO 8601 time of the capture. */
  readonly capturedAt: string;
  readonly root: BodySchema;
  /** `components.schemas`, by name, in the file's order. */
  readonly components: readonly { readonly name: string; readonly schema: BodySchema }[];
  /** The schema exactly as returned (root and components), for openapi-typescript and releases. */
  readonly answer: { readonly root: JsonValue; readonly components: Readonly<Record<string, JsonValue>> };
}
