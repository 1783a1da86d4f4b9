// The schema IR: JSON Schema 2020-12's validation vocabulary as typed, already-checked keyword
// values. A node holds exactly the keywords its source gave (none is guessed from another), so every
// writer reads the same meaning: a check on strings applies to strings only, a sibling of `$ref` or
// of `allOf` still applies. The keywords themselves are listed once, in vocabulary.ts. A tool's
// parameter list is an object node too (parameter-schema.ts), with toolcat's own rules as the
// keywords in `ToolcatKeywords`, which only the spec reader produces.
import type { FormatName } from "./formats.ts";
import type { JsonValue } from "./json.ts";

export type TypeName = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** `true` accepts any value, `false` none; a node checks its keywords. */
export type Schema = boolean | SchemaNode;

/** A keyword value keyed by a name: a property, a pattern, a dependent property. */
export interface Named<T> {
  readonly name: string;
  readonly value: T;
}

/** A key a spec names for an open object. */
export interface ObjectKey {
  readonly name: string;
  readonly description?: string;
}

/** Annotations the writers keep (README, JSON Schema); they never change what is accepted. */
export interface Annotations {
  readonly description?: string;
  /** What the server uses when the property is absent, as the spec documents it. */
  readonly default?: JsonValue;
  /** The spec's name for an enum (ToolMode, OrderBy): the exported TypeScript type's name. */
  readonly enumName?: string;
  /** Keys the spec names for an open object, with their descriptions; others are allowed. */
  readonly keys?: readonly ObjectKey[];
  /** An enum whose values the catalog does not show: it accepts any string, and prose says so. */
  readonly valuesNotShown?: true;
}

/** Properties that become required when another property has a given value. */
export interface RequiredWhen {
  readonly when: string;
  readonly equals: string;
  readonly names: readonly string[];
  /** The `~` rule (required when mode is execute), which messages word as such. */
  readonly onExecute?: true;
}

/** The mode pattern: with `property` set to one of `ignoring`, every other property is ignored. */
export interface ModePattern {
  readonly property: string;
  readonly ignoring: readonly string[];
}

/** A schema with the definitions its `$ref`s name: a captured request body. */
export interface SchemaDocument {
  readonly root: Schema;
  /** Every schema a `$ref` names, each once, in the order they were read. */
  readonly definitions: readonly Definition[];
}

/** The rules of a spec's parameter list that JSON Schema has no keyword of its own for. */
export interface ToolcatKeywords {
  /** A toolcat string format, which the runtime checks by its predicate (formats.ts). */
  readonly toolFormat?: FormatName;
  /** `~` (required when mode is execute) and the required-when rules, in that order. */
  readonly requiredWhen?: readonly RequiredWhen[];
  readonly modePattern?: ModePattern;
  /** The schema of a JSON-text string's content (a captured body), with the `$id` it is written under. */
  readonly content?: { readonly id: string; readonly document: SchemaDocument };
}

export interface SchemaNode extends Annotations, ToolcatKeywords {
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

/** The keywords of the vocabulary: every key of a node but its annotations and toolcat's own keywords. */
export type Keyword = Exclude<keyof SchemaNode, keyof Annotations | keyof ToolcatKeywords>;

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
