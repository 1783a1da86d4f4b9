// The typed IR between the YAML specs and every emitter. Emitters read only these types;
// everything here is normalized: defaults filled, names resolved, "not shown" made explicit.
import type { JsonValue } from "./json.ts";
import type { CapturedRequestBody } from "./request-body.ts";
import type { SchemaNode } from "./schema.ts";

/** A fact a document either states or explicitly leaves unstated. */
export type Documented<T> = { readonly known: true; readonly value: T } | { readonly known: false };

/** Where a spec node came from, for diagnostics raised after loading. */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** `*` always, `~` when mode is execute, or optional. */
export type Requirement = "always" | "execute" | "optional";

export interface Parameter {
  readonly name: string;
  /** The value's schema node: its type and the keywords the spec gives it (parameter-schema.ts adds the prose). */
  readonly schema: SchemaNode;
  readonly requirement: Requirement;
  readonly description?: string;
  readonly default?: JsonValue;
  /** What happens when the parameter is absent, when the document says it in words. */
  readonly defaultNote?: string;
  readonly notes: readonly string[];
  /** toolcat's own reading where the document is silent or ambiguous (never shown as a documented fact). */
  readonly judgments: readonly string[];
  /** Added by the mode pattern rather than listed in the spec. */
  readonly implicit: boolean;
  readonly position: SourcePosition;
}

export type Rule =
  | {
      readonly kind: "required-when";
      readonly parameter: string;
      readonly when: string;
      readonly equals: string;
      readonly text: string;
    }
  | { readonly kind: "requires"; readonly parameter: string; readonly requires: string; readonly text: string }
  | { readonly kind: "precedence"; readonly parameter: string; readonly over: string; readonly text: string };

export type ParameterList =
  { readonly kind: "known"; readonly list: readonly Parameter[] } | { readonly kind: "not-shown" };

/** Behaviour hints the document's wording states; an absent hint is "not stated". */
export interface ToolAnnotations {
  readonly readOnly?: boolean;
  readonly destructive?: boolean;
  readonly idempotent?: boolean;
  readonly openWorld?: boolean;
}

export interface Tool {
  /** PascalCase short name (GetSpreadsheet). */
  readonly name: string;
  /** `<Server>.<Tool>`. */
  readonly fullName: string;
  /** lowerCamelCase client method name, unique within the server. */
  readonly methodName: string;
  readonly purpose: string;
  /** The document's topic heading for the tool (Candidates), when it groups tools. */
  readonly group?: string;
  readonly secrets: readonly string[];
  /** undefined: the server's auth has no scopes (API key). */
  readonly scopes?: Documented<readonly string[]>;
  readonly modePattern: boolean;
  /** The request body schema captured with `toolcat schemas pull`, when one was. */
  readonly requestBody?: CapturedRequestBody;
  readonly parameters: ParameterList;
  readonly rules: readonly Rule[];
  readonly notes: readonly string[];
  /** toolcat's own reading where the document is silent or ambiguous (never shown as a documented fact). */
  readonly judgments: readonly string[];
  readonly annotations: ToolAnnotations;
  readonly position: SourcePosition;
}

export interface Scope {
  readonly name: string;
  readonly description?: string;
}

export type Auth =
  | {
      readonly type: "api-key";
      readonly secret: string;
      readonly placement: Documented<string>;
      readonly notes: readonly string[];
    }
  | {
      readonly type: "user-authorization";
      readonly provider: Documented<string>;
      readonly providerDescription?: string;
      readonly scopeBase: Documented<string>;
      readonly scopes: Documented<readonly Scope[]>;
      readonly notes: readonly string[];
    };

export interface Secret {
  readonly name: string;
  readonly description: string;
  readonly notes: readonly string[];
}

export interface ResourceField {
  readonly name: string;
  readonly type?: string;
  readonly description?: string;
}
export interface Resource {
  readonly name: string;
  readonly identifiers: readonly string[];
  readonly fields: readonly ResourceField[];
  readonly notes: readonly string[];
}

export interface Transition {
  readonly from: string;
  readonly tool: string;
  readonly condition?: string;
  readonly to: string;
}
export interface StateMachine {
  readonly resource: string;
  readonly states: Documented<readonly string[]>;
  readonly initial?: string;
  readonly transitions: Documented<readonly Transition[]>;
  readonly restrictedTransitions?: Documented<string>;
  readonly notes: readonly string[];
}

export interface HttpFacts {
  readonly methods: Documented<string>;
  readonly paths: Documented<string>;
  readonly results: Documented<string>;
  readonly baseUrl?: {
    readonly secret: string;
    readonly dataCenters: readonly string[];
    readonly notes: readonly string[];
  };
  readonly knownPaths: readonly { readonly tool: string; readonly template: string; readonly description?: string }[];
}

export interface LimitTarget {
  readonly tool: string;
  readonly parameter?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: JsonValue;
}
export interface Limit {
  readonly text: string;
  readonly appliesTo: readonly LimitTarget[];
}

export interface Events {
  readonly types: Documented<readonly string[]>;
  readonly typesComplete: boolean;
  readonly payload: Documented<string>;
  readonly signing: Documented<string>;
  readonly notes: readonly string[];
}

export interface Server {
  /** PascalCase server name (CloudSheets). */
  readonly name: string;
  /** kebab-case name used for the spec file and package directory (cloud-sheets). */
  readonly slug: string;
  /** npm package name (@toolcat/cloud-sheets). */
  readonly packageName: string;
  /** Spec path relative to the workspace root (specs/cloud-sheets.yaml). */
  readonly specFile: string;
  readonly kind: "starter" | "optimized";
  readonly domain: string;
  readonly description: string;
  readonly source: string;
  readonly keywords: readonly string[];
  readonly auth: Auth;
  readonly secrets: readonly Secret[];
  readonly resources: readonly Resource[];
  readonly returnedFields: Documented<string>;
  readonly states: readonly StateMachine[];
  readonly otherStates: Documented<string>;
  readonly http: HttpFacts;
  readonly pagination: readonly string[];
  readonly limits: readonly Limit[];
  readonly rateLimits: Documented<string>;
  readonly events: Events;
  readonly errors: Documented<string>;
  readonly versioning: readonly string[];
  readonly notes: readonly string[];
  readonly tools: readonly Tool[];
}

export interface ToolModeValue {
  readonly value: string;
  readonly enumName: string;
  readonly description: string;
}

/** The catalog-wide rules every server shares. */
export interface CatalogRules {
  readonly specFile: string;
  readonly catalog: string;
  readonly description: string;
  readonly toolMode: {
    readonly name: string;
    readonly values: readonly ToolModeValue[];
    /** The mode value that performs the operation and makes `~` parameters required. */
    readonly executeValue: string;
    readonly requestBodyDescription: string;
    readonly missingExecuteParameter: Documented<string>;
    readonly notes: readonly string[];
  };
  readonly notation: {
    readonly markers: Readonly<Record<string, string>>;
    readonly types: Readonly<Record<string, string>>;
  };
  readonly conventions: readonly string[];
  readonly dataCenters: readonly { readonly name: string; readonly baseAddress: Documented<string> }[];
  readonly errors: {
    readonly codes: Documented<string>;
    readonly statusCodes: Documented<string>;
    readonly payload: Documented<string>;
  };
  readonly versioning: readonly string[];
  readonly notes: readonly string[];
  readonly search: SearchRules;
}

/** toolcat's own judgment for tool search, catalog-wide. */
export interface SearchRules {
  /** Groups of lowercase words a person may use for one another (remove, delete, drop). */
  readonly synonyms: readonly (readonly string[])[];
}

export interface Catalog {
  readonly rules: CatalogRules;
  /** Servers in a stable order (by slug). */
  readonly servers: readonly Server[];
}
