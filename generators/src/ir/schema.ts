// The schema IR: JSON Schema 2020-12's validation vocabulary as typed, already-checked keyword
// values. A node holds exactly the keywords its source gave (none is guessed from another), so every
// writer reads the same meaning: a check on strings applies to strings only, a sibling of `$ref` or
// of `allOf` still applies. The keywords themselves are listed once, in vocabulary.ts.
import type { JsonValue } from "./json.ts";

export type TypeName = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** `true` accepts any value, `false` none; a node checks its keywords. */
export type Schema = boolean | SchemaNode;

/** A keyword value keyed by a name: a property, a pattern, a dependent property. */
export interface Named<T> {
  readonly name: string;
  readonly value: T;
}

export interface SchemaNode {
  /** An annotation the writers keep (README, JSON Schema); it never changes what is accepted. */
  readonly description?: string;
  /** A definition of the schema's document (`CapturedRequestBody.definitions`), by name. */
  readonly $ref?: string;
  /** Non-empty, without repeats; OpenAPI 3.0's `nullable: true` is `"null"` here. */
  readonly type?: readonly TypeName[];
  readonly enum?: readonly JsonValue[];
  readonly const?: JsonValue;
  readonly allOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly not?: Schema;
  readonly if?: Schema;
  readonly then?: Schema;
  readonly else?: Schema;
  readonly multipleOf?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  /** A number, as 2020-12 has it; OpenAPI 3.0's boolean form is read into this. */
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  /** In code points, as JSON Schema counts. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** An ECMAScript pattern that compiles with the `u` flag and passed the reader's safety check. */
  readonly pattern?: string;
  /** Checked when the runtime has the format (checkedFormats); any other is an annotation. */
  readonly format?: string;
  readonly prefixItems?: readonly Schema[];
  readonly items?: Schema;
  readonly contains?: Schema;
  readonly minContains?: number;
  readonly maxContains?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly properties?: readonly Named<Schema>[];
  readonly patternProperties?: readonly Named<Schema>[];
  readonly additionalProperties?: Schema;
  readonly propertyNames?: Schema;
  readonly required?: readonly string[];
  readonly dependentRequired?: readonly Named<readonly string[]>[];
  readonly dependentSchemas?: readonly Named<Schema>[];
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

/** The keywords of the vocabulary: every key of a node but its annotation. */
export type Keyword = Exclude<keyof SchemaNode, "description">;

/** A schema that a `$ref` names, read once however many refs name it. */
export interface Definition {
  /** An OpenAPI component's own name, or `ref:<n>` for any other local target (not a component name). */
  readonly name: string;
  /** The JSON pointer the refs used, into the document they were read from. */
  readonly pointer: string;
  readonly schema: Schema;
}

/** The formats the runtime checks (formats.ts); a schema's other formats stay annotations. */
export const checkedFormats = ["date", "date-time", "uri"] as const;
export type CheckedFormat = (typeof checkedFormats)[number];
export function isCheckedFormat(format: string): format is CheckedFormat {
  return (checkedFormats as readonly string[]).includes(format);
}
